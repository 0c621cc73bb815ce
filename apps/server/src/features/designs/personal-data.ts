import type { PersonalDataSource } from "../../core/personal-data.ts";
import { listDesignCommentsBy, listDesignerFilesAddedBy, listDesignFeedbackBy } from "./repo/personal-data.ts";
import { listReviewDecisionsBy } from "./repo/rounds-personal-data.ts";

/**
 * Designs and review: the person's comments, replies, feedback, review round decisions and the
 * designer files they delivered are exported. Nothing is erased: the comments and files are the project's work and
 * stay; their author's name is read from the user, which the users source anonymises.
 */
export const designsPersonalData: PersonalDataSource = {
  name: "designs",
  async export(db, subject) {
    const comments = await listDesignCommentsBy(db, subject.id);
    const designs = await listDesignerFilesAddedBy(db, subject.id);
    const feedback = await listDesignFeedbackBy(db, subject.id);
    const decisions = await listReviewDecisionsBy(db, subject.id);
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      records: {
        designComments: comments.map((row) => ({ ...row, createdAt: iso(row.createdAt), editedAt: iso(row.editedAt) })),
        designerFiles: designs.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        designFeedback: feedback.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        reviewDecisions: decisions.map((row) => ({ ...row, decidedAt: iso(row.decidedAt), askedAt: iso(row.askedAt) })),
      },
    };
  },
  async erase() {
    // The work stays (comments, files, feedback): names come from the anonymised user row.
    return {};
  },
};
