// A placeholder block for content that is still loading; size it with classes (h-4 w-1/2 …).
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`skeleton block ${className}`} />;
}
