// The operator console (login, sessions, replies) arrives with the live-chat issue.
export default function AdminChatPage() {
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Administration Chat</h1>
      <p className="mt-4 text-slate-700">La console des opérateurs n&apos;est pas encore ouverte.</p>
    </main>
  );
}
