// The Openings mark (an open door in a rounded square) and word mark.
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path
        d="M11 8.5h10a1.5 1.5 0 0 1 1.5 1.5v14.5h-13V10A1.5 1.5 0 0 1 11 8.5Z"
        className="fill-on-brand"
        opacity="0.35"
      />
      <path
        d="M9.5 24.5V9.2a1 1 0 0 1 1.3-1l8.2 2.6a1.5 1.5 0 0 1 1 1.4v14a1 1 0 0 1-1.3 1L9.5 24.5Z"
        className="fill-on-brand"
      />
      <circle cx="17" cy="17.5" r="1.2" className="fill-brand" />
    </svg>
  );
}

export function Logo({ appName }: { appName: string }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      <span className="text-fg text-lg font-semibold tracking-tight">{appName}</span>
    </span>
  );
}
