export function Logo() {
  return (
    <span className="logo">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="9" fill="url(#lg)" />
        <path d="M9 8h14l-4 6h-6zm4 8h6l-3 9z" fill="#0a0e17" />
        <defs>
          <linearGradient id="lg" x1="0" y1="0" x2="32" y2="32">
            <stop stopColor="#ffd35c" />
            <stop offset="1" stopColor="#f59e0b" />
          </linearGradient>
        </defs>
      </svg>
      <span>SHAFT</span>
    </span>
  );
}
