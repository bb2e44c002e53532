import { useId } from 'react';
import { cn } from '../../lib/cn';
import { FALLBACK_NAME, useBranding } from '../../lib/branding';

/** The drawings' fill: a gradient from the top left corner to the bottom right, under `url(#id)`. */
function Diagonal({ id, from, to }: { id: string; from: string; to: string }) {
  return (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor={from} />
        <stop offset="1" stopColor={to} />
      </linearGradient>
    </defs>
  );
}

/** The product mark: a sponsor node with its left and right legs. */
export function LogoMark({ className, title = 'Logo' }: { className?: string; title?: string }) {
  const gid = useId();
  return (
    <svg viewBox="0 0 48 48" role="img" aria-label={title} className={cn('size-10', className)}>
      <Diagonal id={`${gid}-bg`} from="#6366f1" to="#312e81" />
      <rect width="48" height="48" rx="12" fill={`url(#${gid}-bg)`} />
      <path d="M24 15v7M24 22l-9 9M24 22l9 9" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" fill="none" opacity=".85" />
      <circle cx="24" cy="13" r="5" fill="#fbbf24" />
      <circle cx="14" cy="33" r="4.5" fill="#fff" />
      <circle cx="34" cy="33" r="4.5" fill="#fff" />
    </svg>
  );
}

/** The company's logo (issue 15: admin Settings > Branding), or the product mark until one is uploaded. */
export function BrandMark({ className }: { className?: string }) {
  const brand = useBranding();
  const name = brand?.companyName || FALLBACK_NAME;
  if (brand?.logoUrl) return <img src={brand.logoUrl} alt={`${name} logo`} className={cn('size-10 rounded-xl object-contain', className)} />;
  return <LogoMark className={className} title={`${name} logo`} />;
}

/** The company's name (or the product's until the branding has arrived). */
export function useCompanyName(): string {
  return useBranding()?.companyName || FALLBACK_NAME;
}

/** Mark with a short caption beside it (the portal's name). */
export function Logo({ caption, className, tone = 'dark' }: { caption?: string; className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <BrandMark className="size-9" />
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
      <Diagonal id={`${gid}-n`} from="#ffffff" to="#c7d2fe" />
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
