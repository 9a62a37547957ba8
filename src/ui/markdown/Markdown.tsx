import { Component, type ComponentChildren, type JSX } from 'preact';
import { useRef } from 'preact/hooks';
import type { Inline } from './inline';
import { createIncrementalParser, type Block, type IncrementalParser, type MarkdownBlock } from './parse';

/**
 * Blocks are rendered as a fixed-shape tree of groups (FANOUT children each, no wrapper elements). A group whose
 * blocks are all closed gets constant props and is skipped; per render only the groups on the path to the open
 * block run, so the work is O(FANOUT x depth + open block) however long the answer is.
 */
const FANOUT = 32;
const ROOT_SPAN = FANOUT ** 4;

function renderInlines(nodes: readonly Inline[]): ComponentChildren {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'em':
      case 'strong':
      case 'del': {
        const Tag = node.type; // the node types are named after their elements
        return <Tag>{renderInlines(node.children)}</Tag>;
      }
      case 'code':
        return <code class="cw-md__code">{node.text}</code>;
      case 'break':
        return <br />;
      case 'link':
        return (
          <a class="cw-md__link" href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInlines(node.children)}
          </a>
        );
      case 'image':
        return <img class="cw-md__img" src={node.src} alt={node.alt} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
    }
  });
}

function renderBlock(block: Block, tight?: boolean): ComponentChildren {
  switch (block.type) {
    case 'paragraph':
      return tight ? renderInlines(block.children) : <p class="cw-md__p" dir="auto">{renderInlines(block.children)}</p>;
    case 'heading': {
      const Heading = `h${block.level}` as 'h1';
      return <Heading class={`cw-md__h cw-md__h--${block.level}`} dir="auto">{renderInlines(block.children)}</Heading>;
    }
    case 'code':
      // Focusable so keyboard users can scroll a wide block; code always reads left to right.
      return (
        <pre class="cw-md__pre" data-lang={block.lang || undefined} dir="ltr" tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return <blockquote class="cw-md__quote" dir="auto">{block.blocks.map((child) => renderBlock(child))}</blockquote>;
    case 'list': {
      const items = block.items.map((item) => (
        <li class="cw-md__li" dir="auto">{item.map((child) => renderBlock(child, block.tight))}</li>
      ));
      return block.ordered ? (
        <ol class="cw-md__ol" start={block.start === 1 ? undefined : block.start}>{items}</ol>
      ) : (
        <ul class="cw-md__ul">{items}</ul>
      );
    }
    case 'rule':
      return <hr class="cw-md__hr" />;
  }
}

/** One block; re-renders only when the parser produced a new object for it (closed blocks never do). */
class BlockView extends Component<{ block: Block }> {
  override shouldComponentUpdate(next: { block: Block }): boolean {
    return next.block !== this.props.block;
  }
  override render(): ComponentChildren {
    return renderBlock(this.props.block);
  }
}

interface GroupProps {
  readonly blocks: readonly MarkdownBlock[];
  readonly first: number;
  readonly span: number;
  /** -1 once every block in the group is closed: the props then never change again. */
  readonly closed: number;
  readonly version: number;
}

class Group extends Component<GroupProps> {
  override shouldComponentUpdate(next: GroupProps): boolean {
    const props = this.props;
    return next.version !== props.version || next.closed !== props.closed || next.blocks !== props.blocks;
  }
  override render({ blocks, first, span, closed, version }: GroupProps): ComponentChildren {
    const children = [];
    const end = Math.min(first + span, blocks.length);
    const childSpan = span / FANOUT;
    for (let start = first; start < end; start += childSpan) {
      if (span === FANOUT) children.push(<BlockView key={start} block={blocks[start]!.block} />);
      else {
        const done = closed < 0 || start + childSpan <= closed;
        children.push(
          <Group key={start} blocks={blocks} first={start} span={childSpan} closed={done ? -1 : closed} version={done ? -1 : version} />,
        );
      }
    }
    return children;
  }
}

interface StreamState {
  parser: IncrementalParser;
  text: string;
  version: number;
}

/**
 * Renders markdown `text` as elements. Keeps an incremental parser across renders: when the new text extends the
 * previous one only the delta is parsed, otherwise everything is parsed again.
 */
export function Markdown(props: { text: string; class?: string }): JSX.Element {
  const { text } = props;
  const state = useRef<StreamState | null>(null);
  let current = state.current;
  // Same test as text.startsWith(previous), but V8 runs startsWith char by char (~190 us for a 10,000-chunk
  // answer, per render) while slice + === is a flatten plus memcmp (~4 us).
  if (!current || text.slice(0, current.text.length) !== current.text) {
    current = state.current = { parser: createIncrementalParser(), text: '', version: 0 };
  }
  if (text.length !== current.text.length) {
    current.parser.append(text.slice(current.text.length));
    current.text = text;
    current.version++;
  }
  const { parser, version } = current;
  return (
    <div class={props.class ? `cw-md ${props.class}` : 'cw-md'}>
      <Group blocks={parser.blocks} first={0} span={ROOT_SPAN} closed={parser.closedCount} version={version} />
    </div>
  );
}
