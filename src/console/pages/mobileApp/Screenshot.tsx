import type { ScreenshotKey } from './appListing';

const READINGS = [
  { label: 'Blood pressure', value: '128/82', unit: 'mmHg', y: 96 },
  { label: 'Weight', value: '172.4', unit: 'lb', y: 170 },
  { label: 'Glucose', value: '104', unit: 'mg/dL', y: 244 },
];
const TREND = [62, 58, 66, 54, 60, 50, 56, 48, 52, 46];
const MESSAGES = [
  { from: 'team', text: 'Your readings look steady this week.', y: 96 },
  { from: 'me', text: 'Thank you! Next one tomorrow.', y: 160 },
  { from: 'team', text: 'Reminder: weigh in before breakfast.', y: 224 },
];

/** A drawn phone screen of the app (no image is downloaded): readings, a trend chart or messages. */
function Screen({ shot }: { shot: ScreenshotKey }) {
  switch (shot) {
    case 'readings':
      return (
        <>
          <text x="16" y="70" fontSize="16" fontWeight="600" fill="#0f172a">
            Today
          </text>
          {READINGS.map((reading) => (
            <g key={reading.label}>
              <rect x="12" y={reading.y - 20} width="156" height="60" rx="10" fill="#eff6ff" />
              <text x="24" y={reading.y} fontSize="10" fill="#334155">
                {reading.label}
              </text>
              <text x="24" y={reading.y + 26} fontSize="20" fontWeight="700" fill="#1d4ed8">
                {reading.value}
              </text>
              <text x="118" y={reading.y + 26} fontSize="10" fill="#334155">
                {reading.unit}
              </text>
            </g>
          ))}
        </>
      );
    case 'trends':
      return (
        <>
          <text x="16" y="70" fontSize="16" fontWeight="600" fill="#0f172a">
            Systolic, 10 days
          </text>
          <rect x="12" y="84" width="156" height="150" rx="10" fill="#f0fdf4" />
          <polyline points={TREND.map((v, i) => `${24 + i * 15},${110 + v}`).join(' ')} fill="none" stroke="#15803d" strokeWidth="3" strokeLinejoin="round" />
          {TREND.map((v, i) => (
            <circle key={i} cx={24 + i * 15} cy={110 + v} r="3" fill="#15803d" />
          ))}
          <text x="16" y="264" fontSize="11" fill="#334155">
            Trending down 6 mmHg
          </text>
        </>
      );
    case 'care-team':
      return (
        <>
          <text x="16" y="70" fontSize="16" fontWeight="600" fill="#0f172a">
            Care team
          </text>
          {MESSAGES.map((message) => (
            <g key={message.y}>
              <rect
                x={message.from === 'me' ? 44 : 12}
                y={message.y - 16}
                width="124"
                height="44"
                rx="12"
                fill={message.from === 'me' ? '#1d4ed8' : '#e2e8f0'}
              />
              <foreignObject x={message.from === 'me' ? 50 : 18} y={message.y - 12} width="112" height="40">
                <p style={{ margin: 0, fontSize: 9, lineHeight: '12px', color: message.from === 'me' ? '#fff' : '#0f172a' }}>{message.text}</p>
              </foreignObject>
            </g>
          ))}
        </>
      );
  }
}

/** One screenshot: a phone frame around a drawn screen, named by its caption for assistive technology. */
export function Screenshot({ shot, caption }: { shot: ScreenshotKey; caption: string }) {
  return (
    <figure className="w-44 shrink-0 snap-start">
      <svg viewBox="0 0 180 340" role="img" aria-label={caption} className="h-auto w-full rounded-[1.5rem] border border-slate-300 bg-white shadow-sm">
        <rect x="0" y="0" width="180" height="340" rx="24" fill="#ffffff" />
        <rect x="0" y="0" width="180" height="44" rx="24" fill="#1d4ed8" />
        <rect x="0" y="24" width="180" height="20" fill="#1d4ed8" />
        <text x="16" y="30" fontSize="12" fontWeight="600" fill="#ffffff">
          Care Console
        </text>
        <Screen shot={shot} />
        <rect x="66" y="322" width="48" height="4" rx="2" fill="#cbd5e1" />
      </svg>
      <figcaption className="mt-2 text-xs text-slate-700">{caption}</figcaption>
    </figure>
  );
}
