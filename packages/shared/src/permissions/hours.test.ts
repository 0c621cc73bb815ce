import { describe, expect, it } from "vitest";
import {
  canBePaid,
  canReadPayments,
  canReadSchedule,
  canReadWorkLog,
  canRecordPayment,
  canSeeDesignerOverview,
  canSeeLedger,
} from "./hours.ts";

const admin = { id: "a", role: "admin" } as const;
const pm = { id: "p", role: "projectManager" } as const;
const designer = { id: "d", role: "designer" } as const;
const customer = { id: "c", role: "customer" } as const;

describe("hours permissions", () => {
  it("work log: own for a designer, anyone's for staff, never a customer", () => {
    expect(canReadWorkLog(designer, "d")).toBe(true);
    expect(canReadWorkLog(designer, "x")).toBe(false);
    expect(canReadWorkLog(pm, "d")).toBe(true);
    expect(canReadWorkLog(customer, "c")).toBe(false);
  });
  it("payments: admin records, staff and the payee read, designers and project managers receive", () => {
    expect(canRecordPayment(admin)).toBe(true);
    expect(canRecordPayment(pm)).toBe(false);
    expect(canReadPayments(pm, "d")).toBe(true);
    expect(canReadPayments(designer, "d")).toBe(true);
    expect(canReadPayments(designer, "x")).toBe(false);
    expect(canBePaid("designer")).toBe(true);
    expect(canBePaid("customer")).toBe(false);
    expect(canBePaid("admin")).toBe(false);
  });
  it("overview and schedule", () => {
    expect(canSeeDesignerOverview(pm)).toBe(true);
    expect(canSeeDesignerOverview(designer)).toBe(false);
    expect(canReadSchedule(designer)).toBe(true);
    expect(canReadSchedule(designer, "x")).toBe(false);
    expect(canReadSchedule(customer)).toBe(false);
  });
  it("ledger: owner, editor and staff, never viewer or designer", () => {
    expect(canSeeLedger(customer, { projectRole: "owner", active: true })).toBe(true);
    expect(canSeeLedger(customer, { projectRole: "editor", active: true })).toBe(true);
    expect(canSeeLedger(customer, { projectRole: "viewer", active: true })).toBe(false);
    expect(canSeeLedger(designer, { projectRole: "designer", active: true })).toBe(false);
    expect(canSeeLedger(admin, null)).toBe(true);
  });
});
