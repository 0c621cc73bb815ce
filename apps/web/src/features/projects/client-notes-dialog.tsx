import { CLIENT_NOTES_MAX, MESSAGES, type Project, updateClientNotesSchema } from "@atelier/shared";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { ProjectDialogFrame } from "./project-dialog-frame.tsx";
import { FORM_ERROR_FALLBACK, useUpdateClientNotes } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    projectClientNotes: { projectId: string };
  }
}

function NotesEditor({ project, onClose }: { project: Project; onClose: () => void }) {
  const update = useUpdateClientNotes();
  const form = useForm({
    initialValues: { clientCharacterNotes: project.clientCharacterNotes ?? "" },
    validate: (values) => schemaErrors(updateClientNotesSchema, { projectId: project.id, ...values }),
  });
  const length = form.values.clientCharacterNotes.length;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          { projectId: project.id, clientCharacterNotes: values.clientCharacterNotes },
          {
            onSuccess: () => {
              toast.success(MESSAGES.notesUpdated);
              onClose();
            },
            onError: applyServerErrors(form),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Textarea
          label="Notes about the client"
          description={`Internal: the client never sees them. ${length} / ${CLIENT_NOTES_MAX} characters`}
          autosize
          minRows={6}
          maxRows={16}
          data-autofocus
          {...form.getInputProps("clientCharacterNotes")}
        />
        <FormAlert message={formAlertText(update.error, FORM_ERROR_FALLBACK.notes, Object.keys(form.values))} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NotesReader({ project, onClose }: { project: Project; onClose: () => void }) {
  const notes = project.clientCharacterNotes?.trim();
  return (
    <Stack gap="md">
      {notes ? (
        <Text style={{ whiteSpace: "pre-wrap" }}>{notes}</Text>
      ) : (
        <Text c="gray.7">No notes about this client yet.</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

/** SPEC §2 client character notes: staff edit them, designers on the team read them. */
export function ClientNotesDialog({ projectId, onClose }: { projectId: string } & ModalControls) {
  return (
    <ProjectDialogFrame projectId={projectId} title="Client character notes" onClose={onClose} size="lg">
      {(project) =>
        project.abilities.canEditNotes ? (
          <NotesEditor project={project} onClose={onClose} />
        ) : (
          <NotesReader project={project} onClose={onClose} />
        )
      }
    </ProjectDialogFrame>
  );
}
