import { z } from "zod";
import { idParams, okSchema, pageQuery } from "../schemas/common.ts";
import {
  createdWebhookSchema,
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookSchema,
} from "../schemas/webhooks.ts";
import { endpoint } from "./endpoint.ts";

const tag = "integrations";
const list = z.object({ items: z.array(webhookSchema) });

/**
 * Contract decision: webhooks out (issue 25 part 2, decision 055). The workspace's subscriptions
 * (admins: every project's events) live at `/webhooks`, a project's (its owner) under the project;
 * one subscription is then addressed by its id alone. Each message is signed as Standard Webhooks
 * says (`webhook-id`, `webhook-timestamp`, `webhook-signature`); the secret is in the create
 * answer only. Each scope holds few subscriptions, so a list is one answer; deliveries page.
 */
export const webhooksContract = {
  list: endpoint({
    method: "GET",
    path: "/webhooks",
    summary: "The workspace's webhooks (admin)",
    tag,
    auth: true,
    response: list,
  }),
  create: endpoint({
    method: "POST",
    path: "/webhooks",
    summary: "Subscribe a URL to every project's events (admin); the answer holds the secret, shown this once",
    tag,
    auth: true,
    body: createWebhookSchema,
    response: createdWebhookSchema,
  }),
  projectList: endpoint({
    method: "GET",
    path: "/v3/project/:id/webhooks",
    summary: "A project's webhooks (its owner)",
    tag,
    auth: true,
    params: idParams,
    response: list,
  }),
  projectCreate: endpoint({
    method: "POST",
    path: "/v3/project/:id/webhooks",
    summary: "Subscribe a URL to a project's events (its owner); the answer holds the secret, shown this once",
    tag,
    auth: true,
    params: idParams,
    body: createWebhookSchema,
    response: createdWebhookSchema,
  }),
  update: endpoint({
    method: "POST",
    path: "/webhooks/:id",
    summary: "Change a webhook's URL, events or description, or pause and resume it",
    tag,
    auth: true,
    params: idParams,
    body: updateWebhookSchema,
    response: webhookSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/webhooks/:id",
    summary: "Delete a webhook and its delivery log",
    tag,
    auth: true,
    params: idParams,
    response: okSchema,
  }),
  sendTest: endpoint({
    method: "POST",
    path: "/webhooks/:id/test",
    summary: `Queue a test message (type "webhook.test") to the webhook's URL`,
    tag,
    auth: true,
    params: idParams,
    response: webhookDeliverySchema,
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/webhooks/:id/deliveries",
    summary: "A webhook's delivery log, newest first",
    tag,
    auth: true,
    params: idParams,
    query: z.object(pageQuery(25)),
    response: webhookDeliveryPageSchema,
  }),
  redeliver: endpoint({
    method: "POST",
    path: "/webhooks/:id/deliveries/:deliveryId/redeliver",
    summary: "Send a delivered (or failed) message again, with the same id and body",
    tag,
    auth: true,
    params: webhookDeliveryParams,
    response: webhookDeliverySchema,
  }),
};
