import type { Project } from "@atelier/shared";
import { Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { useProject } from "./use-projects.ts";

interface ProjectDialogFrameProps {
  projectId: string;
  title: string;
  onClose: () => void;
  size?: "sm" | "md" | "lg" | "xl";
  children: (project: Project) => ReactNode;
}

/** A dialog about one project: reads it from the cache (or loads it) before showing its content. */
export function ProjectDialogFrame({ projectId, title, onClose, size = "md", children }: ProjectDialogFrameProps) {
  const project = useProject(projectId);
  return (
    <AppDialog title={title} onClose={onClose} size={size}>
      {project.data ? (
        children(project.data)
      ) : project.isError ? (
        <Text role="alert">This project could not be loaded. Close this dialog and try again.</Text>
      ) : (
        <Center py="lg" role="status" aria-label="Loading project">
          <Loader size="sm" />
        </Center>
      )}
    </AppDialog>
  );
}
