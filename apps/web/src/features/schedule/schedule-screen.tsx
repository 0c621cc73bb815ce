import { PlaceholderScreen } from "../../ui/placeholder-screen.tsx";

export default function ScheduleScreen() {
  return (
    <PlaceholderScreen
      title="Schedule"
      description="Your schedule will show the tasks planned for each day. Nothing is scheduled yet."
    />
  );
}
