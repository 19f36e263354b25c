// The one template of every message we send (sendouts, confirmations, welcome mail): the organization's name and logo,
// the body, and a footer with the links the message needs. Email clients ignore most of CSS, so it is react-email's
// table-based markup with inline styles: one column at most 600 px wide, system fonts, dark text on white (readable
// at 390 px). The plain-text part is made from the same HTML, so both parts always carry the same links. Pure (no
// settings, no database), so a screen may render a preview with it too. It renders with react-dom/server, which
// React refuses under the react-server condition alone: Next's route handlers and the compiled server (dist/, whose
// packages load from node_modules) get a renderer; `tsx --conditions=react-server` (npm run cli) does not.
// The components one by one, not @react-email/components: that one loads all of them (Tailwind and a syntax
// highlighter among them), 30 MB more resident in every process that imports this module.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { convert, type HtmlToTextOptions } from "html-to-text";
import type { Lang } from "../i18n/lang";
import { mailTexts } from "./texts";

export interface EmailInput {
  lang: Lang;
  organization: { name: string; logoUrl?: string | null };
  /** The document's title (a browser's view of the message, screen readers): the subject, else the organization. */
  subject?: string | null;
  /** The line inboxes show after the subject; hidden in the message itself. */
  preheader?: string | null;
  /** Already sanitized HTML: inserted as it is. */
  bodyHtml: string;
  /** The plain-text part's body, when the author wrote one; otherwise it is made from bodyHtml. */
  bodyText?: string | null;
  /** Each link appears only when given: a confirmation mail has none of them, a sendout all three. */
  footer: { unsubscribeUrl?: string; optOutUrl?: string; preferencesUrl?: string; reason?: string };
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const styles = {
  body: { margin: 0, padding: "16px 0", backgroundColor: "#f3f4f6", fontFamily: font, color: "#111827" },
  container: { maxWidth: "600px", width: "100%", margin: "0 auto", backgroundColor: "#ffffff", borderRadius: "6px" },
  header: { padding: "24px 24px 16px", borderBottom: "1px solid #e5e7eb" },
  logo: { display: "block", maxWidth: "100%", height: "auto", marginBottom: "12px" },
  organization: { margin: 0, fontSize: "20px", lineHeight: "28px", fontWeight: 700, color: "#111827" },
  content: {
    padding: "16px 24px 24px",
    fontSize: "16px",
    lineHeight: "24px",
    color: "#111827",
    wordBreak: "break-word" as const,
  },
  footer: { padding: "0 24px 24px" },
  rule: { borderColor: "#e5e7eb", margin: "0 0 16px" },
  small: { margin: "0 0 8px", fontSize: "14px", lineHeight: "20px", color: "#4b5563" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
};

// Images the author put in the body shrink to the column, and a quote is set off by a rule rather than the browser's
// 40 px indent (a sixth of a phone); clients that drop <style> still get the column's width.
const headCss =
  "img{max-width:100%;height:auto}a{color:#1d4ed8}" +
  "blockquote{margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #d1d5db;color:#374151}";

function Email({ lang, organization, subject, preheader, bodyHtml, footer }: EmailInput) {
  const t = mailTexts(lang);
  const links = [
    footer.unsubscribeUrl ? { href: footer.unsubscribeUrl, label: t.unsubscribe } : null,
    footer.optOutUrl ? { href: footer.optOutUrl, label: t.optOut } : null,
    footer.preferencesUrl ? { href: footer.preferencesUrl, label: t.preferences } : null,
  ].filter((link) => link !== null);
  return (
    <Html lang={lang}>
      <Head>
        <title>{subject || organization.name}</title>
        {/* Without it a phone's mail client lays the message out 980 px wide and shrinks it to fit. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <style>{headCss}</style>
      </Head>
      {preheader ? <Preview>{preheader}</Preview> : null}
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            {organization.logoUrl ? <Img src={organization.logoUrl} alt="" height="48" style={styles.logo} /> : null}
            <Text style={styles.organization}>{organization.name}</Text>
          </Section>
          <Section style={styles.content}>
            <div data-mail-body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          </Section>
          {links.length > 0 || footer.reason ? (
            <Section style={styles.footer}>
              <Hr style={styles.rule} />
              {footer.reason ? <Text style={styles.small}>{footer.reason}</Text> : null}
              {links.map((link) => (
                <Text key={link.href} style={styles.small}>
                  <Link href={link.href} style={styles.link}>
                    {link.label}
                  </Link>
                </Text>
              ))}
            </Section>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

function plainTextOptions(bodyText: string | null | undefined): HtmlToTextOptions {
  return {
    wordwrap: 78,
    selectors: [
      // A logo says nothing in text, and the preheader is only for the inbox list.
      { selector: "img", format: "skip" },
      { selector: "[data-skip-in-text=true]", format: "skip" },
      // Every link with its address, so a text-only reader can still unsubscribe.
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      // Headings stay as written: shouting capitals read worse than the heading's own line.
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
      ...(bodyText ? [{ selector: "div[data-mail-body]", format: "blockString", options: { string: bodyText } }] : []),
    ],
  };
}

export async function renderEmail(input: EmailInput): Promise<{ html: string; text: string }> {
  // Loaded on the first message: the renderer brings Prettier (for its `pretty` option), 19 MB resident that a
  // process which never sends mail need not carry.
  const { render } = await import("@react-email/render");
  const html = await render(<Email {...input} />);
  return { html, text: convert(html, plainTextOptions(input.bodyText)) };
}
