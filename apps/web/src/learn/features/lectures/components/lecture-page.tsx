/** Placeholder until this screen is built. */
export default function Page() {
  return <p className="muted">This screen is being built.</p>;
}
