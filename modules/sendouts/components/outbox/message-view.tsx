"use client";
// /admin/outbox/[id]: one caught message as its recipient would see it (the HTML in a sandboxed frame at desktop or
// phone width), its headers, its links (followable: a new user can try a newsletter's unsubscribe link) and its
// plain-text part. The frame's HTML comes from its own route under a policy of its own (lib/http/mail-frame.ts).
import { useState } from "react";
import { outboxMessages } from "@/modules/sendouts/texts/outbox";
import { formatNumber } from "@/lib/i18n/formats";
import { MAIL_FRAME_SANDBOX, type OutboxMessageView } from "@/modules/sendouts/schemas/outbox";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { tableClass, tdClass, thClass } from "@/components/admin/ui/styles";

// Class names, not inline styles: the dashboard's CSP allows no style attributes. The width is the content's (box-content):
// what the message's own layout sees, as on a screen that wide.
const WIDTHS = { desktop: "w-[600px]", phone: "w-[390px]" } as const;
type Width = keyof typeof WIDTHS;

const toggleClass = (pressed: boolean) =>
  `rounded-md border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
    pressed ? "border-blue-800 bg-blue-800 text-white" : "border-slate-400 bg-white text-slate-900 hover:bg-slate-100"
  }`;

function Rendered({ message }: { message: OutboxMessageView }) {
  const t = outboxMessages(useLang()).message;
  const [width, setWidth] = useState<Width>("desktop");
  if (!message.has_html) return <p className="text-slate-700">{t.noHtml}</p>;
  return (
    <>
      <div role="group" aria-label={t.width} className="flex flex-wrap gap-2">
        {(Object.keys(WIDTHS) as Width[]).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={width === w}
            className={toggleClass(width === w)}
            onClick={() => setWidth(w)}
          >
            {t[w]}
          </button>
        ))}
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-slate-100 p-3">
        <iframe
          src={`/admin/api/outbox/${message.id}/html`}
          sandbox={MAIL_FRAME_SANDBOX}
          title={t.frameTitle(message.subject)}
          data-testid="outbox-frame"
          data-width={width}
          className={`mx-auto box-content block h-[640px] max-w-none border border-slate-300 bg-white ${WIDTHS[width]}`}
        />
      </div>
    </>
  );
}

export function MessageView({ message }: { message: OutboxMessageView }) {
  const lang = useLang();
  const t = outboxMessages(lang).message;
  return (
    <div className="space-y-6">
      <p
        role="note"
        className="rounded-md border border-blue-300 bg-blue-50 p-3 text-blue-950"
        data-testid="outbox-notice"
      >
        {t.notice}
      </p>
      <Panel
        id="outbox-rendered"
        title={t.rendered}
        intro={t.size(formatNumber(lang, Math.ceil(message.size_bytes / 1024)))}
      >
        <Rendered message={message} />
      </Panel>
      <Panel id="outbox-headers" title={t.headers}>
        <div className="overflow-x-auto">
          <table className={tableClass} aria-labelledby="outbox-headers-heading" data-testid="outbox-headers">
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {t.headerName}
                </th>
                <th scope="col" className={thClass}>
                  {t.headerValue}
                </th>
              </tr>
            </thead>
            <tbody>
              {message.headers.map((header, i) => (
                <tr key={`${header.name}-${i}`}>
                  <th scope="row" className={`${tdClass} whitespace-nowrap font-medium`}>
                    {header.name}
                  </th>
                  <td className={`${tdClass} font-mono text-xs [overflow-wrap:anywhere]`}>{header.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
      <Panel id="outbox-links" title={t.links} intro={message.links.length ? t.linksIntro : undefined}>
        {message.links.length === 0 ? (
          <p className="text-slate-700">{t.noLinks}</p>
        ) : (
          <ol className="space-y-2" data-testid="outbox-links">
            {message.links.map((link, i) => (
              <li key={i} className="text-sm">
                <span className="block font-medium text-slate-900">{link.text || link.href}</span>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-blue-800 underline [overflow-wrap:anywhere] hover:text-blue-950"
                >
                  {link.href}
                </a>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel id="outbox-text" title={t.text}>
        {message.text ? (
          <pre
            className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
            tabIndex={0}
          >
            {message.text}
          </pre>
        ) : (
          <p className="text-slate-700">{t.noText}</p>
        )}
      </Panel>
    </div>
  );
}
