import './lable-icon.css';

/** Outline glyphs for the icon names labels carry (antd's names); drawn here so no icon set is loaded. */
const GLYPHS: Record<string, string> = {
  fire: 'M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.3 1.5 1 2.5 2 2.5 0-3-1-5 1-8z',
  bank: 'M3 9 12 4l9 5M5 10v7M9.5 10v7M14.5 10v7M19 10v7M3 20h18',
  building: 'M5 21V4h10v17M15 9h4v12M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1M3 21h18',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 19V5M8 7h7',
  'medicine-box': 'M4 8h16v12H4zM9 8V5h6v3M12 11v6M9 14h6',
  shop: 'M4 9 5.5 4h13L20 9M4 9h16M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9M5 12v8h14v-8M10 20v-4h4v4',
  'safety-certificate': 'M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6zM8.5 12l2.5 2.5 4.5-5',
  trophy:
    'M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 14v4M8 21h8M9 18h6',
  team: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 0 1 0 5.5M18 14c2 .8 3 3 3 6',
  environment:
    'M12 21s7-6 7-11a7 7 0 0 0-14 0c0 5 7 11 7 11M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
};

const isImage = (icon: string) => /^(https?:|\/|data:image\/)/.test(icon);

/** A label's icon: an image when it is a URL, a glyph for a known name, else the name's first character. */
export function LableIcon({ icon, name, color }: { icon: string; name: string; color?: string }) {
  const tint = color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#0958d9';
  if (isImage(icon)) {
    return <img className="lable-icon lable-icon--image" src={icon} alt="" aria-hidden="true" />;
  }
  const glyph = GLYPHS[icon];
  return (
    <span
      className="lable-icon"
      aria-hidden="true"
      style={{ color: tint, backgroundColor: `${tint}1a` }}
    >
      {glyph ? (
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={glyph} />
        </svg>
      ) : (
        <span className="lable-icon__char">{name.slice(0, 1)}</span>
      )}
    </span>
  );
}
