import { PlaceholderScreen } from "../../ui/placeholder-screen.tsx";

export default function TasksScreen() {
  return (
    <PlaceholderScreen
      title="Tasks"
      description="Tasks from all your projects will be listed here. There are no tasks yet."
    />
  );
}
