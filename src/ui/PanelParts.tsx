import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ContactLink, PrivacyPolicy } from '../model/settings.js';
import { formatWaitTime } from '../model/time.js';
import type { RateLimitNotice } from '../model/types.js';
import { safeUrl } from '../model/urls.js';
import { fill } from '../model/texts.js';
import { UI_LANG, useTexts, type PanelTexts } from './strings.js';

export function SuggestedMessages(props: { items: readonly string[]; onPick: (text: string) => void }): JSX.Element {
  return (
    <div class="cw-chips" role="group" aria-label={useTexts().suggestions}>
      {props.items.map((text) => (
        <button key={text} type="button" class="cw-chip" dir="auto" onClick={() => props.onPick(text)}>
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * When the local rate limit lifts, in words: written in `locale`, inside the widget's English sentence for English
 * (or no locale), on its own otherwise ("in 45 Sekunden"), so one line never mixes two languages; inside the sentence
 * of mount()'s `texts` when they are given.
 */
export function rateLimitWait(notice: RateLimitNotice, texts: PanelTexts, locale: string | undefined, now = Date.now()): string {
  const wait = formatWaitTime(notice.retryAt - now, locale);
  return texts.lang !== UI_LANG || locale === undefined || /^en(-|$)/i.test(locale) ? fill(texts.rateLimitWait, { wait }) : wait;
}

/**
 * The local rate limit's message and a countdown that ticks every second until it lifts. The banner is not a live
 * region (a screen reader would hear every tick): the announcer says the message and the wait once.
 */
export function RateLimitBanner(props: { id: string; notice: RateLimitNotice; locale?: string | undefined }): JSX.Element {
  const { id, notice, locale } = props;
  const [now, setNow] = useState(Date.now);
  const texts = useTexts();
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [notice.retryAt]);
  return (
    <div id={id} class="cw-limit">
      <p class="cw-limit__message" dir="auto">
        {notice.message}
      </p>
      <p class="cw-limit__wait">{rateLimitWait(notice, texts, locale, now)}</p>
    </div>
  );
}

export interface PanelFooterProps {
  privacyPolicy: PrivacyPolicy | null;
  contactLinks: readonly ContactLink[];
  /** Absent when the chatbot has no talk-to-a-person e-mail. */
  onTalkToHuman: (() => void) | undefined;
}

export function PanelFooter({ privacyPolicy, contactLinks, onTalkToHuman }: PanelFooterProps): JSX.Element | null {
  const hrefs = new Set<string>();
  const links = contactLinks.flatMap((link) => {
    const href = safeUrl(link.url, { allowMailto: true });
    // One address in two fields is one link (two alike, and a duplicate key for Preact).
    if (href === null || hrefs.has(href)) return [];
    hrefs.add(href);
    return [{ ...link, href }];
  });
  // Two links to one site (a Facebook page and its Messenger at facebook.com/messages) were both "facebook.com": the
  // visitor could not tell which is which. Such links are named with their address's path too.
  const label = ({ label, href }: (typeof links)[number]): string =>
    links.some((other) => other.href !== href && other.label === label) ? label + href.replace(/^.+?\/\/[^/]+|\/$/g, '') : label;
  const privacyHref = privacyPolicy?.url == null ? null : safeUrl(privacyPolicy.url);
  const texts = useTexts();
  if (privacyPolicy === null && links.length === 0 && onTalkToHuman === undefined) return null;
  return (
    // A div, not <footer>: in the host page that would be a second contentinfo landmark.
    <div class="cw-panel__footer">
      {(onTalkToHuman !== undefined || links.length > 0) && (
        <div class="cw-panel__actions">
          {onTalkToHuman !== undefined && (
            <button type="button" class="cw-human" lang={texts.lang} dir={texts.dir} onClick={onTalkToHuman}>
              {texts.talkToHuman}
            </button>
          )}
          {links.length > 0 && (
            // Its links are named by their sites' host names: nothing in the page's language.
            <ul class="cw-contacts" lang={texts.lang} aria-label={texts.contactLinks}>
              {links.map((link) => (
                <li key={link.href}>
                  <ExternalLink class={`cw-contacts__link cw-contacts__link--${link.kind}`} href={link.href}>
                    {label(link)}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {privacyPolicy !== null && (
        <p class="cw-privacy" dir="auto">
          {privacyPolicy.description !== '' && <span class="cw-privacy__description">{privacyPolicy.description} </span>}
          {privacyHref !== null ? (
            <ExternalLink class="cw-privacy__link" href={privacyHref}>
              {privacyPolicy.name}
            </ExternalLink>
          ) : (
            // No usable URL: the owner's name for the policy still belongs beside its description.
            <span class="cw-privacy__name">{privacyPolicy.name}</span>
          )}
        </p>
      )}
    </div>
  );
}

/** http(s) opens in a new tab (and says so to screen readers); mailto opens the mail app in place. */
function ExternalLink(props: { class: string; href: string; children: string }): JSX.Element {
  const texts = useTexts();
  if (props.href.startsWith('mailto:')) {
    return (
      <a class={props.class} href={props.href}>
        {props.children}
      </a>
    );
  }
  return (
    <a class={props.class} href={props.href} target="_blank" rel="noopener noreferrer">
      {props.children}
      <span class="cw-sr-only" lang={texts.lang}> {texts.opensInNewTab}</span>
    </a>
  );
}
