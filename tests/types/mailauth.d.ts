// The part of mailauth (no types of its own) the DKIM test uses: verifying a message's signatures with a resolver
// that answers the selector's TXT record instead of DNS.
declare module "mailauth/lib/dkim/verify" {
  export function dkimVerify(
    message: Buffer | string,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: { signingDomain: string; selector: string; status: { result: string; comment?: string } }[] }>;
}
