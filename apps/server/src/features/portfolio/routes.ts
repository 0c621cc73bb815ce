import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { connectPortfolio, disconnectPortfolio, getPortfolioStatus } from "./service/connection.ts";
import { getDesignerShots } from "./service/shots.ts";

export function registerPortfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.portfolio;
  route(app, ctx, c.status, ({ actor }) => getPortfolioStatus(ctx, actor));
  route(app, ctx, c.connect, ({ actor, body }) => connectPortfolio(ctx, actor, body));
  route(app, ctx, c.disconnect, ({ actor }) => disconnectPortfolio(ctx, actor));
  route(app, ctx, c.shots, ({ actor, params }) => getDesignerShots(ctx, actor, params));
}
