/** Accepts a bare YouTube code or a watch/short/embed URL and returns the code. */
export function youtubeCode(video: string): string {
  const value = video.trim();
  if (!value) return "";
  try {
    const url = new URL(value);
    if (url.hostname.endsWith("youtu.be")) return url.pathname.slice(1).split("/")[0] ?? "";
    const fromQuery = url.searchParams.get("v");
    if (fromQuery) return fromQuery;
    const match = url.pathname.match(/\/(?:embed|shorts|live)\/([^/?#]+)/);
    return match?.[1] ?? "";
  } catch {
    return value;
  }
}

export const thumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/0.jpg`;
export const embedUrl = (code: string) =>
  `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1&rel=0&modestbranding=1`;
