import type { PersonalDataSource } from "../../core/personal-data.ts";
import { presentApiToken, presentCalendarFeed, presentWebhook } from "./presenter.ts";
import { deleteUserApiTokens, listUserApiTokens } from "./repo/api-tokens.ts";
import { deleteUserCalendarFeeds, listUserCalendarFeeds } from "./repo/calendar-feeds.ts";
import { deleteUserWebhooks, listUserWebhooks } from "./repo/webhooks.ts";

/**
 * A person's API tokens, calendar feeds and webhooks: names, scopes, URLs and times, never the
 * secrets. Removal deletes the webhooks they subscribed (and their delivery logs).
 */
export const integrationsPersonalData: PersonalDataSource = {
  name: "integrations",
  async export(db, subject) {
    const tokens = await listUserApiTokens(db, subject.id, new Date(0));
    const feeds = await listUserCalendarFeeds(db, subject.id);
    const webhooks = await listUserWebhooks(db, subject.id);
    return {
      records: {
        apiTokens: tokens.map(presentApiToken),
        calendarFeeds: feeds.map(presentCalendarFeed),
        webhooks: webhooks.map(presentWebhook),
      },
    };
  },
  async erase(tx, subject) {
    await deleteUserApiTokens(tx, subject.id);
    await deleteUserCalendarFeeds(tx, subject.id);
    await deleteUserWebhooks(tx, subject.id);
    return {};
  },
};
