/**
 * An account's e-mail or mobile with most of it hidden, enough for its owner to recognise it:
 * "demo@example.com" -> "de***@example.com", "+66812345678" -> "+6681***5678".
 */
export function maskedIdentity(account: { email: string | null; phone: string | null }): string {
  if (account.email) {
    const at = account.email.lastIndexOf('@');
    const local = at > 0 ? account.email.slice(0, at) : account.email;
    const domain = at > 0 ? account.email.slice(at) : '';
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${domain}`;
  }
  const phone = account.phone ?? '';
  return phone.length > 8 ? `${phone.slice(0, 5)}***${phone.slice(-4)}` : `${phone.slice(0, 2)}***`;
}
