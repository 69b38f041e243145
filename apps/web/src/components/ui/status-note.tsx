/** A success note, announced politely; nothing while there is no message. */
export function StatusNote({ message }: { message: string }) {
  if (!message) return null
  return (
    <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {message}
    </p>
  )
}
