import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../roles.ts";
import {
  canChangeUserEmail,
  canChangeUserRole,
  canCreateUserWithRole,
  canListCustomers,
  canManageUsers,
  canRemoveUser,
  canUpdateUser,
} from "./users.ts";

const actor = (role: Role) => ({ id: `actor-${role}`, role });
const other = (role: Role) => ({ id: `other-${role}`, role });

// Rows: acting role. Columns: the other user's role (admin, projectManager, designer, customer).
const Y = true;
const N = false;

describe("canManageUsers / canListCustomers", () => {
  it.each([
    ["admin", Y],
    ["projectManager", Y],
    ["designer", N],
    ["customer", N],
  ] as const)("%s → %s", (role, allowed) => {
    expect(canManageUsers(actor(role))).toBe(allowed);
    expect(canListCustomers(actor(role))).toBe(allowed);
  });
});

describe("canCreateUserWithRole", () => {
  const table: Record<Role, Record<Role, boolean>> = {
    admin: { admin: N, projectManager: Y, designer: Y, customer: N },
    projectManager: { admin: N, projectManager: N, designer: Y, customer: N },
    designer: { admin: N, projectManager: N, designer: N, customer: N },
    customer: { admin: N, projectManager: N, designer: N, customer: N },
  };
  for (const actorRole of ROLES) {
    for (const newRole of ROLES) {
      it(`${actorRole} creating a ${newRole} → ${table[actorRole][newRole]}`, () => {
        expect(canCreateUserWithRole(actor(actorRole), newRole)).toBe(table[actorRole][newRole]);
      });
    }
  }
});

describe("canUpdateUser (another user)", () => {
  // SPEC §6: user management updates designers and project managers, never a customer's or an admin's account.
  const table: Record<Role, Record<Role, boolean>> = {
    admin: { admin: N, projectManager: Y, designer: Y, customer: N },
    projectManager: { admin: N, projectManager: N, designer: Y, customer: N },
    designer: { admin: N, projectManager: N, designer: N, customer: N },
    customer: { admin: N, projectManager: N, designer: N, customer: N },
  };
  for (const actorRole of ROLES) {
    for (const targetRole of ROLES) {
      it(`${actorRole} editing a ${targetRole} → ${table[actorRole][targetRole]}`, () => {
        expect(canUpdateUser(actor(actorRole), other(targetRole))).toBe(table[actorRole][targetRole]);
      });
    }
  }

  it("lets staff edit their own details, but not a designer or customer theirs here", () => {
    expect(canUpdateUser(actor("admin"), actor("admin"))).toBe(true);
    expect(canUpdateUser(actor("projectManager"), actor("projectManager"))).toBe(true);
    expect(canUpdateUser(actor("designer"), actor("designer"))).toBe(false);
    expect(canUpdateUser(actor("customer"), actor("customer"))).toBe(false);
  });
});

describe("canChangeUserEmail", () => {
  const table: Record<Role, Record<Role, boolean>> = {
    admin: { admin: N, projectManager: Y, designer: Y, customer: N },
    projectManager: { admin: N, projectManager: N, designer: Y, customer: N },
    designer: { admin: N, projectManager: N, designer: N, customer: N },
    customer: { admin: N, projectManager: N, designer: N, customer: N },
  };
  for (const actorRole of ROLES) {
    for (const targetRole of ROLES) {
      it(`${actorRole} changing a ${targetRole}'s e-mail → ${table[actorRole][targetRole]}`, () => {
        expect(canChangeUserEmail(actor(actorRole), other(targetRole))).toBe(table[actorRole][targetRole]);
      });
    }
  }

  it.each(ROLES)("never for oneself (a %s changes their own in settings, with their password)", (role) => {
    expect(canChangeUserEmail(actor(role), actor(role))).toBe(false);
  });
});

describe("canChangeUserRole", () => {
  const table: Record<Role, Record<Role, boolean>> = {
    admin: { admin: N, projectManager: Y, designer: Y, customer: N },
    projectManager: { admin: N, projectManager: N, designer: N, customer: N },
    designer: { admin: N, projectManager: N, designer: N, customer: N },
    customer: { admin: N, projectManager: N, designer: N, customer: N },
  };
  for (const actorRole of ROLES) {
    for (const targetRole of ROLES) {
      it(`${actorRole} changing a ${targetRole}'s role → ${table[actorRole][targetRole]}`, () => {
        expect(canChangeUserRole(actor(actorRole), other(targetRole))).toBe(table[actorRole][targetRole]);
      });
    }
  }
});

describe("canRemoveUser", () => {
  const table: Record<Role, Record<Role, boolean>> = {
    admin: { admin: N, projectManager: Y, designer: Y, customer: Y },
    projectManager: { admin: N, projectManager: N, designer: Y, customer: N },
    designer: { admin: N, projectManager: N, designer: N, customer: N },
    customer: { admin: N, projectManager: N, designer: N, customer: N },
  };
  for (const actorRole of ROLES) {
    for (const targetRole of ROLES) {
      it(`${actorRole} removing a ${targetRole} → ${table[actorRole][targetRole]}`, () => {
        expect(canRemoveUser(actor(actorRole), other(targetRole))).toBe(table[actorRole][targetRole]);
      });
    }
  }

  it.each(ROLES)("never lets a %s remove themselves", (role) => {
    expect(canRemoveUser(actor(role), actor(role))).toBe(false);
  });
});
