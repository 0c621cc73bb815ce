import nodemailer from "nodemailer";
import { colourPng, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { E2E } from "./env.ts";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test, waitForMail } from "./support.ts";
import { assignAndStart, createTask, taskPanel } from "./tasks-support.ts";

test("a reply by e-mail to a design comment appears live in the thread the designer has open", async ({ page }) => {
  // The owner is away: their digest (held back while the scene is built) tells them of the comment.
  const { owner, project } = await customerWithProject("inbound-mail");
  const digestSwitch = (emailDigest: boolean) =>
    callApi(owner.token, "POST", "/v3/notification-settings", { emailDigest });
  await digestSwitch(false);
  const title = `Flyer ${Date.now().toString(36)}`;
  const task = await createTask(owner.token, project.id, title);
  await assignAndStart(await apiLogin(DEMO.projectManager.email), task);
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "flyer.png", await colourPng(40, 90, 200));
  const ref = { projectId: project.id, taskId: task.id };
  const designs = await callApi<{ designerFileList: Array<{ uuid: string }> }>(
    designerToken,
    "POST",
    "/v3/project/task/addDesign",
    { ...ref, addedDesignsFileKeys: [key] },
  );
  await digestSwitch(true);
  await callApi(designerToken, "POST", "/v3/project/task/comment", {
    ...ref,
    designerFileUuid: designs.designerFileList[0]?.uuid,
    comment: "Is this blue bright enough?",
  });
  const digest = await waitForMail(owner.email, /new notification/);
  const replyAddress = /Reply by e-mail: (reply\+\S+)/.exec(digest.text)?.[1];
  expect(replyAddress).toMatch(new RegExp(`@${E2E.inboundDomain.replaceAll(".", "\\.")}$`));

  // The designer has the design open in the viewer.
  await loginAs(page, DEMO.designer.email);
  await page.goto(`/app/project/${project.id}/task/${task.id}`);
  await thumbnails(taskPanel(page, title)).first().click();
  const thread = viewer(page, "flyer.png").getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Is this blue bright enough?");

  // The owner answers from their mail program, over SMTP to the app's own listener.
  const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: E2E.inboundSmtpPort, ignoreTLS: true });
  await smtp.sendMail({
    from: owner.email,
    to: replyAddress,
    subject: `Re: ${digest.subject}`,
    text: `Brighter, please.\n\nOn Monday, Atelier wrote:\n> Is this blue bright enough?\n`,
  });
  smtp.close();
  await expect(thread).toContainText("Brighter, please.");
  await expect(thread).not.toContainText("Atelier wrote");
  await expect(thread).toContainText(owner.name);
  await checkA11y(page);
});
