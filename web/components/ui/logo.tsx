import { useId } from 'react';
import { cn } from '../../lib/cn';

/** The product mark: a sponsor node with its left and right legs. */
export function LogoMark({ className, title = 'Logo' }: { className?: string; title?: string }) {
  const gid = useId();
  return (
    <svg viewBox="0 0 48 48" role="img" aria-label={title} className={cn('size-10', className)}>
      <defs>
        <linearGradient id={`${gid}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#312e81" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gid}-bg)`} />
      <path d="M24 15v7M24 22l-9 9M24 22l9 9" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" fill="none" opacity=".85" />
      <circle cx="24" cy="13" r="5" fill="#fbbf24" />
      <circle cx="14" cy="33" r="4.5" fill="#fff" />
      <circle cx="34" cy="33" r="4.5" fill="#fff" />
    </svg>
  );
}

/** Mark with a short caption beside it (the portal's name). */
export function Logo({ caption, className, tone = 'dark' }: { caption?: string; className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-9" />
      {caption ? <span className={cn('text-sm leading-tight font-semibold tracking-tight sm:text-base', tone === 'light' ? 'text-white' : 'text-slate-900')}>{caption}</span> : null}
    </span>
  );
}

/** Large illustration for the sign-in page's brand side: the mark above a binary tree. */
export function LogoHero({ className }: { className?: string }) {
  const gid = useId();
  const nodes: Array<[number, number, number]> = [
    [160, 52, 0],
    [90, 122, 1],
    [230, 122, 1],
    [55, 190, 2],
    [125, 190, 2],
    [195, 190, 2],
    [265, 190, 2],
  ];
  const edges: Array<[number, number]> = [
    [0, 1],
    [0, 2],
    [1, 3],
    [1, 4],
    [2, 5],
    [2, 6],
  ];
  return (
    <svg viewBox="0 0 320 240" aria-hidden="true" className={cn('w-full max-w-sm', className)}>
      <defs>
        <linearGradient id={`${gid}-n`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#c7d2fe" />
        </linearGradient>
      </defs>
      {edges.map(([a, b]) => (
        <line key={`${a}-${b}`} x1={nodes[a][0]} y1={nodes[a][1]} x2={nodes[b][0]} y2={nodes[b][1]} stroke="#a5b4fc" strokeWidth="3" strokeLinecap="round" opacity=".7" />
      ))}
      {nodes.map(([x, y, level], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r={level === 0 ? 30 : level === 1 ? 20 : 14} fill={level === 0 ? '#fbbf24' : `url(#${gid}-n)`} opacity={level === 2 ? 0.85 : 1} />
          {level === 0 ? <circle cx={x} cy={y} r="40" fill="none" stroke="#fbbf24" strokeWidth="2" opacity=".35" /> : null}
        </g>
      ))}
    </svg>
  );
}
