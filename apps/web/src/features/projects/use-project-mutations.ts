import {
  type AdminCreateProjectInput,
  type AdminUpdateProjectInput,
  type CreateProjectInput,
  type InviteToProjectInput,
  MESSAGES,
  type Project,
  type ProjectState,
  projectsContract,
  type UpdateProjectDataInput,
} from "@atelier/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

/** Forms show their errors inline (docs/decisions/013-web-dialogs-errors-and-access.md); their fallback texts are SPEC §8's. */
export const FORM_ERROR_FALLBACK = {
  create: MESSAGES.unableToCreateProject,
  settings: MESSAGES.unableToUpdateProjectSettings,
  notes: MESSAGES.unableToEditNotes,
  invite: MESSAGES.unableToAddUserToProject,
} as const;

/** Calls that change a project answer it as the viewer now sees it: keep that copy, refresh the lists. */
function storeProject(queryClient: QueryClient, project: Project): Promise<void> {
  queryClient.setQueryData(projectKeys.detail(project.id), project);
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists });
}

/** POST /v3/project/create, or /v3/project/adminCreate for an admin (SPEC §6). */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asAdmin, input }: { asAdmin: boolean; input: CreateProjectInput & AdminCreateProjectInput }) =>
      asAdmin ? api(projectsContract.adminCreate, { body: input }) : api(projectsContract.create, { body: input }),
    onSuccess: (project) => storeProject(queryClient, project),
    meta: { handlesError: true, globalLoader: true },
  });
}

/** POST /v3/project/changeState: archive (archived) or restore (inProgress). */
export function useChangeProjectState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; state: ProjectState }) => api(projectsContract.changeState, { body: input }),
    onSuccess: (project) => storeProject(queryClient, project),
    meta: { errorMessage: MESSAGES.unableToUpdateProjectSettings },
  });
}

/** DELETE /v3/project/{id}: the project leaves every list and its screen. */
export function useRemoveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(projectsContract.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      // Only when no screen shows it: the open project screen navigates away first.
      queryClient.removeQueries({ queryKey: projectKeys.detail(id), type: "inactive" });
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists });
    },
    meta: { errorMessage: "Unable to remove project. Try again later!" },
  });
}

/**
 * Project settings: the staff part (name, Dropbox link: POST /v3/project/adminUpdate) and the
 * billing part with the owner (POST /v3/project/updateData), each sent only when the viewer may.
 */
export function useSaveProjectSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { admin?: AdminUpdateProjectInput; data?: UpdateProjectDataInput }) => {
      let project: Project | undefined;
      if (input.admin) project = await api(projectsContract.adminUpdate, { body: input.admin });
      if (input.data) project = await api(projectsContract.updateData, { body: input.data });
      return project;
    },
    onSuccess: (project) => (project ? storeProject(queryClient, project) : undefined),
    meta: { handlesError: true },
  });
}

/** POST /v3/project/updateClientCharacterNotes/ (staff). */
export function useUpdateClientNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; clientCharacterNotes: string }) =>
      api(projectsContract.updateClientCharacterNotes, { body: input }),
    onSuccess: (project) => storeProject(queryClient, project),
    meta: { handlesError: true },
  });
}

/**
 * POST /v3/project/inviteUserToProject: an account joins at once, a new address gets an invite
 * e-mail. `inForm`: the invite form shows the error itself; elsewhere it is a toast.
 */
export function useInviteToProject({ inForm }: { inForm: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteToProjectInput) => api(projectsContract.invite, { body: input }),
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
        queryClient.invalidateQueries({ queryKey: projectKeys.invites(input.projectId) }),
      ]),
    meta: inForm ? { handlesError: true } : { errorMessage: MESSAGES.unableToAddUserToProject },
  });
}

/** DELETE /v3/project/{id}/user/{userId}. */
export function useRemoveProjectMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; userId: string }) =>
      api(projectsContract.removeMember, { params: { id: input.projectId, userId: input.userId } }),
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
      ]),
    meta: { errorMessage: "Unable to remove user from project. Try again later!" },
  });
}
