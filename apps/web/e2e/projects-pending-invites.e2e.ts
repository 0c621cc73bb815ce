import { MESSAGES } from "@atelier/shared";
import { customerWithProject, openProjectAs, openTeam } from "./projects-support.ts";
import { checkA11y, DEMO, expect, loginAs, test, toastWith, uniqueEmail, waitForMail } from "./support.ts";

function inviteLink(mail: { links: string[] }): string {
  const link = mail.links.find((candidate) => candidate.includes("/app/auth/invite?inviteKey="));
  if (!link) throw new Error("no invite link in the mail");
  const url = new URL(link);
  return url.pathname + url.search;
}

test("the owner sees a pending invite, resends it with a new link and revokes it", async ({ page, browser }) => {
  const { owner, project } = await customerWithProject("pending-owner", { name: "Pia", surname: "Pending" });
  const inviteeEmail = uniqueEmail("pending-invitee");
  await openProjectAs(page, owner, project);
  let team = await openTeam(page);
  await expect(team.getByText("Nobody is waiting to join.")).toBeVisible();

  await team.getByLabel("Email").fill(inviteeEmail);
  await team.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toastWith(page, `User ${inviteeEmail} was successfully invited`)).toBeVisible();
  const pending = team.getByRole("list", { name: "Pending invites" });
  const row = pending.getByRole("listitem").filter({ hasText: inviteeEmail });
  await expect(row).toContainText("Viewer");
  await expect(row).toContainText("Expires");
  await checkA11y(page);
  const firstLink = inviteLink(await waitForMail(inviteeEmail, /invited you/));

  // Resend: a new mail with a new link; the first link stops working.
  await row.getByRole("button", { name: `Resend the invite to ${inviteeEmail}` }).click();
  await expect(toastWith(page, `A new invite link was sent to ${inviteeEmail}`)).toBeVisible();
  let secondLink = firstLink;
  await expect
    .poll(async () => {
      secondLink = inviteLink(await waitForMail(inviteeEmail, /invited you/));
      return secondLink;
    })
    .not.toBe(firstLink);
  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await invitee.goto(firstLink);
    await expect(invitee.getByRole("alert")).toContainText(MESSAGES.inviteInvalid);
    await invitee.goto(secondLink);
    await expect(invitee.getByText(`invited you to join ${project.name} as Viewer`)).toBeVisible();

    // Revoke: the row leaves the list, focus stays in the dialog, and the new link dies too.
    await row.getByRole("button", { name: `Revoke the invite to ${inviteeEmail}` }).click();
    await expect(toastWith(page, `The invite to ${inviteeEmail} was revoked`)).toBeVisible();
    team = page.getByRole("dialog", { name: "Team" });
    await expect(team.getByText("Nobody is waiting to join.")).toBeVisible();
    await expect(team.getByRole("heading", { name: "Pending invites" })).toBeFocused();
    await invitee.reload();
    await expect(invitee.getByRole("alert")).toContainText(MESSAGES.inviteInvalid);
  } finally {
    await context.close();
  }
});

test("inviting as designer explains that designers come from existing accounts and offers them", async ({ page }) => {
  const { project } = await customerWithProject("designer-pick");
  await loginAs(page, DEMO.projectManager.email);
  await page.goto(`/app/project/${project.id}`);
  const team = await openTeam(page);
  // Staff start on the Designer role (SPEC §5), whose e-mail field offers designer accounts.
  await expect(team.getByRole("combobox", { name: "Role" })).toHaveValue("Designer");
  await expect(team.getByText("Designers are added from existing designer accounts")).toBeVisible();
  const email = team.getByRole("combobox", { name: "Email" });
  await expect(email).toHaveAccessibleDescription(/A new address cannot join as designer/);
  await email.fill("Dana");
  const option = page.getByRole("option", { name: new RegExp(`${DEMO.designer.name} ${DEMO.designer.surname}`) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(DEMO.designer.email);
  await checkA11y(page);
  await option.click();
  await expect(email).toHaveValue(DEMO.designer.email);
  await team.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toastWith(page, `User ${DEMO.designer.email} was successfully invited`)).toBeVisible();
  await expect(
    team.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: DEMO.designer.name }),
  ).toContainText("Designer");

  // A new address as designer is refused in the form, with the reason, and no toast besides.
  const newcomer = uniqueEmail("new-designer");
  await email.fill(newcomer);
  await team.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(team.getByRole("alert")).toContainText(
    "Only an existing designer account can join a project as designer",
  );
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);

  // Editors and viewers still take any address.
  await team.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Viewer", exact: true }).click();
  await expect(team.getByText("Designers are added from existing designer accounts")).toHaveCount(0);
  await expect(team.getByRole("textbox", { name: "Email" })).toBeVisible();
});
