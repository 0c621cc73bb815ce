import { z } from "zod";
import { idParams, okSchema, pageQuery } from "../schemas/common.ts";
import {
  adminApiTokenPageSchema,
  apiTokenSchema,
  calendarFeedParams,
  calendarFeedsSchema,
  calendarKindParams,
  createApiTokenSchema,
  createdApiTokenSchema,
  createdCalendarFeedSchema,
} from "../schemas/integrations.ts";
import { endpoint } from "./endpoint.ts";

const tag = "integrations";

/**
 * Contract decision: personal API tokens (`Authorization: Bearer atl_…`) act as their owner with
 * a scope; every call here is `sessionOnly` (a token never mints or ends tokens). Each person holds
 * few tokens, so their own list is one answer; the admin's list of everyone's pages.
 */
export const apiTokensContract = {
  list: endpoint({
    method: "GET",
    path: "/profile/apiTokens",
    summary: "The caller's live API tokens, newest first",
    tag,
    auth: true,
    sessionOnly: true,
    response: z.object({ items: z.array(apiTokenSchema) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/profile/apiTokens",
    summary: "Create an API token; the answer holds the token itself, shown this once",
    tag,
    auth: true,
    sessionOnly: true,
    body: createApiTokenSchema,
    response: createdApiTokenSchema,
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/profile/apiTokens/:id",
    summary: "Revoke one of the caller's API tokens",
    tag,
    auth: true,
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
  adminList: endpoint({
    method: "GET",
    path: "/apiTokens",
    summary: "Every person's live API tokens, newest first (admin)",
    tag,
    auth: true,
    sessionOnly: true,
    query: z.object(pageQuery(50)),
    response: adminApiTokenPageSchema,
  }),
  adminRevoke: endpoint({
    method: "DELETE",
    path: "/apiTokens/:id",
    summary: "Revoke anyone's API token (admin)",
    tag,
    auth: true,
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
};

/**
 * Contract decision: a calendar feed is a secret address (like a capability link): its random
 * token is the permission, so calendar apps that send no headers can subscribe. Creating a feed
 * of a kind again replaces its address; the address is shown once (only its hash is kept).
 */
export const calendarContract = {
  list: endpoint({
    method: "GET",
    path: "/profile/calendarFeeds",
    summary: "The caller's calendar feeds and the kinds they may subscribe to",
    tag,
    auth: true,
    sessionOnly: true,
    response: calendarFeedsSchema,
  }),
  create: endpoint({
    method: "POST",
    path: "/profile/calendarFeeds/:kind",
    summary: "Create (or replace) the caller's secret feed address of one kind",
    tag,
    auth: true,
    sessionOnly: true,
    params: calendarKindParams,
    response: createdCalendarFeedSchema,
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/profile/calendarFeeds/:kind",
    summary: "End the caller's feed address of one kind",
    tag,
    auth: true,
    sessionOnly: true,
    params: calendarKindParams,
    response: okSchema,
  }),
  feed: endpoint({
    method: "GET",
    path: "/calendar/:token",
    summary: "An iCalendar (RFC 5545) feed; the secret address is the permission",
    tag,
    auth: false,
    answer: "binary",
    params: calendarFeedParams,
    response: z.unknown(),
  }),
};
