/** The organisation's logo, or its initial on a tinted disc. Decorative: its name is beside it. */
export function OrganisationLogo({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (logoUrl) return <img className="chat-logo" src={logoUrl} alt="" width="44" height="44" />;
  return (
    <span className="chat-logo chat-logo--initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
