import { z } from "zod";
import { COMMENT_FILES_MAX, COMMENT_MAX, DESIGN_FILES_PER_CALL_MAX } from "../limits.ts";
import { fileKeySchema, idSchema, textSchema } from "./common.ts";
import { commentPageSchema, pdfPreviewSchema } from "./design-pdf.ts";
import { atMsSchema } from "./video.ts";

// ---------------------------------------------------------------- output

/**
 * Where a comment points on an image, as fractions of its width and height (0–1), so a pin stays
 * in place at any zoom: a point, or a rectangle whose corner is (x, y) and which stays inside.
 */
const fraction = z
  .number({ message: "Pin coordinates must be numbers" })
  .min(0, { message: "Pin coordinates must be between 0 and 1" })
  .max(1, { message: "Pin coordinates must be between 0 and 1" });

export const pinSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("point"), x: fraction, y: fraction }),
  z
    .object({ type: z.literal("rect"), x: fraction, y: fraction, w: fraction, h: fraction })
    .refine((rect) => rect.x + rect.w <= 1 && rect.y + rect.h <= 1, {
      message: "The pinned area must lie inside the image",
    }),
]);
export type Pin = z.infer<typeof pinSchema>;

/** A file attached to a comment (uploaded, then registered with `POST /v3/project/addChatFile`). */
export const commentFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type CommentFile = z.infer<typeof commentFileSchema>;

/** What the caller may do with a comment (shared/permissions/designs, computed by the server). */
export const commentAbilitiesSchema = z.object({
  canEdit: z.boolean(),
  canRemove: z.boolean(),
  /** resolve and reopen (`activeComment`) */
  canResolve: z.boolean(),
});

const commentFields = {
  id: idSchema,
  /** epoch ms (SPEC §3 `timestamp`) */
  timestamp: z.number(),
  comment: z.string(),
  /** the caller's own: false while the comment is new to them */
  seenComment: z.boolean(),
  userId: idSchema.nullable(),
  userFirstName: z.string(),
  /** redacted like the team list: an initial and a dot unless the caller is admin */
  userSecondName: z.string(),
  /** set when a guest reviewer wrote it (issue 23): their id; `userId` is then null */
  guestId: idSchema.nullable(),
  /** epoch ms of the last edit; null when never edited */
  editedAt: z.number().nullable(),
  attachments: z.array(commentFileSchema),
  abilities: commentAbilitiesSchema,
};

export const fileCommentReplySchema = z.object(commentFields);
export type FileCommentReply = z.infer<typeof fileCommentReplySchema>;

/** SPEC §3 File comment: a thread on one version of a designer file, with its replies oldest first. */
export const fileCommentSchema = z.object({
  ...commentFields,
  /** true while open; false once resolved */
  activeComment: z.boolean(),
  pin: pinSchema.nullable(),
  /** on a video: the moment the thread is about, ms from the start (decision 058); null elsewhere */
  atMs: z.number().int().nullable(),
  /** the page of a PDF the comment is on (1-based); null on other files */
  page: z.number().int().nullable(),
  fileCommentReplyList: z.array(fileCommentReplySchema),
});
export type FileComment = z.infer<typeof fileCommentSchema>;

export const DESIGN_FEEDBACKS = ["approved", "changesRequested"] as const;
export type DesignFeedbackValue = (typeof DESIGN_FEEDBACKS)[number];

/** The latest feedback given on a file version (each new feedback replaces the previous one). */
export const designFeedbackSchema = z.object({
  feedback: z.enum(DESIGN_FEEDBACKS),
  comment: z.string().nullable(),
  created: z.number(),
  userFirstName: z.string(),
  userSecondName: z.string(),
});
export type DesignFeedback = z.infer<typeof designFeedbackSchema>;

/** One version of a designer file. */
export const designerFileVersionSchema = z.object({
  /** SPEC §3 `uuid`: this version's id (comments and feedback belong to a version) */
  uuid: idSchema,
  designerFileKey: z.string(),
  /** 1 for the first upload, then 2, 3… */
  version: z.number().int(),
  /** epoch ms */
  created: z.number(),
  userId: idSchema.nullable(),
  userFirstName: z.string(),
  userSecondName: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** an image the server can show and resize; otherwise the web shows a file card (type, size, download) */
  previewable: z.boolean(),
  /** a video's poster image (served at /serve/s/{posterKey}); null for other files and until set */
  posterKey: z.string().nullable(),
  /** a PDF's page-1 preview and page count (design-pdf.ts); null for every other type */
  pdfPreview: pdfPreviewSchema.nullable(),
  feedback: designFeedbackSchema.nullable(),
  /** the caller's own: false while a comment on this version is new to them */
  seenComments: z.boolean(),
  fileCommentList: z.array(fileCommentSchema),
});
export type DesignerFileVersion = z.infer<typeof designerFileVersionSchema>;

export const designerFileAbilitiesSchema = z.object({
  /** upload a new version of it */
  canAddVersion: z.boolean(),
  canRemove: z.boolean(),
  /** comment and reply (with a pin) */
  canComment: z.boolean(),
  canGiveFeedback: z.boolean(),
});

/**
 * SPEC §3 Designer file: the current (latest) version of a file in the task's order, with its
 * older versions (newest first) still readable with their comments.
 */
export const designerFileSchema = designerFileVersionSchema.extend({
  /** the caller's own: false until they opened this version */
  seenDesignerFile: z.boolean(),
  /** fractional position in the task's order (compare as plain strings) */
  orderKey: z.string(),
  previousVersions: z.array(designerFileVersionSchema),
  abilities: designerFileAbilitiesSchema,
});
export type DesignerFile = z.infer<typeof designerFileSchema>;

/** The task panel's designs: the files in order with comments, and what the caller may do. */
export const taskDesignsSchema = z.object({
  taskId: idSchema,
  designerFileList: z.array(designerFileSchema),
  designsAndCommentsSeen: z.boolean(),
  canAddDesign: z.boolean(),
  canReorder: z.boolean(),
  /** remove all files at once (the second "remove designer files" dialog) */
  canRemoveAll: z.boolean(),
  canApprove: z.boolean(),
});
export type TaskDesigns = z.infer<typeof taskDesignsSchema>;

/** SPEC §7 zip answer. `linkToZip` is served at `/serve/s/{linkToZip}`; null until built. */
export const zipLinkSchema = z.object({
  success: z.boolean(),
  zipCreated: z.boolean(),
  designerFilesUploaded: z.boolean(),
  linkToZip: z.string().nullable(),
  /**
   * Added beside SPEC's fields (older clients ignore them): the files written into the zip so far
   * and the files it will hold, while it is built (both equal once built); absent without files.
   */
  filesWritten: z.number().int().min(0).optional(),
  filesTotal: z.number().int().min(0).optional(),
});
export type ZipLink = z.infer<typeof zipLinkSchema>;

export const chatFilesSchema = z.object({ files: z.array(commentFileSchema) });
export type ChatFiles = z.infer<typeof chatFilesSchema>;

// ---------------------------------------------------------------- input

const taskRef = { projectId: idSchema, taskId: idSchema };

export const addDesignSchema = z.object({
  ...taskRef,
  addedDesignsFileKeys: z
    .array(fileKeySchema)
    .min(1, { message: "Choose at least one file" })
    .max(DESIGN_FILES_PER_CALL_MAX, { message: `At most ${DESIGN_FILES_PER_CALL_MAX} files at once` }),
});

export const addDesignVersionSchema = z.object({
  ...taskRef,
  /** the file (any of its versions) the upload is a new version of */
  designerFileUuid: idSchema,
  designerFileKey: fileKeySchema,
});

export const removeDesignSchema = z.object({ ...taskRef, removedDesignFileKey: fileKeySchema });
export const removeAllDesignsSchema = z.object(taskRef);

/**
 * The new order: the current files' keys, each once, first to last. Contract decision: the whole
 * list, as SPEC names it, since a task holds few files; the server keeps fractional keys.
 */
export const updateDesignFileOrderSchema = z.object({
  ...taskRef,
  designerFileList: z.array(fileKeySchema).min(1).max(500),
});

export const designSeenSchema = z.object({ ...taskRef, designerFileKey: fileKeySchema });
export const commentsSeenSchema = z.object({ ...taskRef, designerFileUuid: idSchema });

export const commentTextSchema = textSchema("Comment is required")
  .trim()
  .min(1, { message: "Comment is required" })
  .max(COMMENT_MAX, { message: `Comment must be at most ${COMMENT_MAX} characters` });

const attachmentKeys = z
  .array(fileKeySchema)
  .max(COMMENT_FILES_MAX, { message: `At most ${COMMENT_FILES_MAX} files` })
  .default([]);

export const addCommentSchema = z.object({
  ...taskRef,
  designerFileUuid: idSchema,
  comment: commentTextSchema,
  pin: pinSchema.nullable().default(null),
  /** on a video: the moment the comment is about (a pin then marks the frame at that time) */
  atMs: atMsSchema.nullable().default(null),
  /** on a PDF, the page the comment (and its pin) is on */
  page: commentPageSchema.nullable().default(null),
  /** keys registered with `POST /v3/project/addChatFile` */
  attachmentKeys,
});

export const replyCommentSchema = z.object({
  ...taskRef,
  commentId: idSchema,
  comment: commentTextSchema,
  attachmentKeys,
});

export const editCommentSchema = z.object({ ...taskRef, commentId: idSchema, comment: commentTextSchema });
export const removeCommentSchema = z.object({ ...taskRef, commentId: idSchema });
export const resolveCommentSchema = z.object({ ...taskRef, commentId: idSchema, activeComment: z.boolean() });

export const addChatFileSchema = z.object({
  projectId: idSchema,
  chatFileKeys: z
    .array(fileKeySchema)
    .min(1)
    .max(COMMENT_FILES_MAX, { message: `At most ${COMMENT_FILES_MAX} files` }),
});

export const designFeedbackParams = z.object({ projectId: idSchema, taskId: idSchema, designerFileUuid: idSchema });
export const designFeedbackBodySchema = z.object({
  feedback: z.enum(DESIGN_FEEDBACKS),
  comment: textSchema()
    .trim()
    .max(COMMENT_MAX, { message: `Comment must be at most ${COMMENT_MAX} characters` })
    .optional(),
});
