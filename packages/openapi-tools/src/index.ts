import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createConfig, lintFromString } from "@redocly/openapi-core";

export interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  /** JSON pointer of the first place the rule points at */
  pointer: string;
}

/**
 * Lints an OpenAPI document with Redocly's `recommended` rules, as `redocly lint` does
 * (docs/decisions/027-openapi-document.md: the rule engine of the CLI, without the CLI).
 */
export async function lintOpenApi(document: object): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
  return problems.map((problem) => ({
    ruleId: problem.ruleId,
    severity: problem.severity === "error" ? "error" : "warn",
    message: problem.message,
    pointer: problem.location[0]?.pointer ?? "#/",
  }));
}

/**
 * Writes the openapi-typescript types of a served document (its URL) to `out`, in a process of
 * its own: the generator needs TypeScript 5's compiler API (see typescript-5-hook.mjs).
 */
export async function generateClientTypes(documentUrl: string, out: string): Promise<void> {
  const script = path.join(import.meta.dirname, "generate-client-types.mjs");
  await promisify(execFile)(process.execPath, [script, documentUrl, out]);
}
