import { PlaceholderScreen } from "../../ui/placeholder-screen.tsx";

export default function MessagesScreen() {
  return (
    <PlaceholderScreen
      title="Messages"
      description="Comments, uploads and updates from your projects will appear here. There are no messages yet."
    />
  );
}
