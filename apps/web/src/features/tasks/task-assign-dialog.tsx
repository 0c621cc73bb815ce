import { type AvailableDesigners, USER_SEARCH_MAX } from "@atelier/shared";
import { Button, Center, Group, Loader, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useId, useState } from "react";
import { fullName, plural } from "../../lib/format.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import { useAssignDesigner } from "./use-task-mutations.ts";
import { useAvailableDesigners, useTask } from "./use-tasks.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2/§4: the designers on the project, and the others (who join the team when assigned). */
    taskAssignDesigner: { projectId: string; taskId: string; title: string };
  }
}

type Designer = AvailableDesigners["onProject"][number];

function DesignerGroup({ title, designers, empty }: { title: string; designers: Designer[]; empty: string }) {
  const headingId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {title}
      </Title>
      {designers.length === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        designers.map((designer) => (
          <Radio
            key={designer.id}
            value={designer.id}
            label={
              <Group gap="xs" wrap="nowrap">
                <UserAvatar name={designer.name} surname={designer.surname} avatarKey={designer.avatarKey} size={28} />
                <span>
                  {fullName(designer)}
                  <Text span size="xs" c="gray.7">
                    {" "}
                    · {plural(designer.openTasks, "open task")}
                  </Text>
                </span>
              </Group>
            }
            styles={{ body: { alignItems: "center" } }}
          />
        ))
      )}
    </Stack>
  );
}

export function TaskAssignDialog({
  projectId,
  taskId,
  title,
  onClose,
}: { projectId: string; taskId: string; title: string } & ModalControls) {
  const [search, setSearch] = useState("");
  // Thousands of designers do not fit a list: the server searches them (a pause in typing, not every key).
  const [q] = useDebouncedValue(search.trim(), 250);
  const designers = useAvailableDesigners(projectId, taskId, q);
  const task = useTask(projectId, taskId);
  const assign = useAssignDesigner();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? task.data?.designerId ?? null;
  const all = designers.data ? [...designers.data.onProject, ...designers.data.others] : [];

  return (
    <AppDialog title="Assign designer" onClose={onClose} size="md">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Who works on <strong>{title}</strong>? A designer from outside the project joins its team.
        </Text>
        <TextInput
          type="search"
          label="Search designers"
          placeholder="Name or e-mail"
          maxLength={USER_SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={designers.isFetching ? <Loader size="xs" aria-label="Searching designers" /> : null}
        />
        {designers.data ? (
          <Radio.Group
            label="Designer"
            value={current}
            onChange={setChosen}
            styles={{ label: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" } }}
          >
            <Stack gap="lg" mt="xs">
              <DesignerGroup
                title="On this project"
                designers={designers.data.onProject}
                empty={q ? "No designer on the team matches." : "No designer is on this project's team yet."}
              />
              <DesignerGroup
                title="Other designers"
                designers={designers.data.others}
                empty={q ? "No other designer matches." : "No other designers."}
              />
              {designers.data.hasMoreOthers ? (
                <Text size="sm" c="gray.7">
                  More designers match: type a name or e-mail to find them.
                </Text>
              ) : null}
            </Stack>
          </Radio.Group>
        ) : designers.isError ? (
          <Text role="alert">The designers could not be loaded. Close this dialog and try again.</Text>
        ) : (
          <Center py="lg" role="status" aria-label="Loading designers">
            <Loader size="sm" />
          </Center>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!chosen || chosen === task.data?.designerId}
            loading={assign.isPending}
            onClick={() => {
              if (!chosen) return;
              const designer = all.find((person) => person.id === chosen);
              assign.mutate(
                { projectId, taskId, designerId: chosen },
                {
                  onSuccess: () => {
                    toast.success(designer ? `${fullName(designer)} is assigned to the task` : "Designer assigned");
                    onClose();
                  },
                },
              );
            }}
          >
            Assign
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
