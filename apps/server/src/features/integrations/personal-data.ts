import type { PersonalDataSource } from "../../core/personal-data.ts";
import { presentApiToken, presentCalendarFeed } from "./presenter.ts";
import { deleteUserApiTokens, listUserApiTokens } from "./repo/api-tokens.ts";
import { deleteUserCalendarFeeds, listUserCalendarFeeds } from "./repo/calendar-feeds.ts";

/** A person's API tokens and calendar feeds: names, scopes and times, never the secrets (only hashes are kept). */
export const integrationsPersonalData: PersonalDataSource = {
  name: "integrations",
  async export(db, subject) {
    const tokens = await listUserApiTokens(db, subject.id, new Date(0));
    const feeds = await listUserCalendarFeeds(db, subject.id);
    return { records: { apiTokens: tokens.map(presentApiToken), calendarFeeds: feeds.map(presentCalendarFeed) } };
  },
  async erase(tx, subject) {
    await deleteUserApiTokens(tx, subject.id);
    await deleteUserCalendarFeeds(tx, subject.id);
    return {};
  },
};
