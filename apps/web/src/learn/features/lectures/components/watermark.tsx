import { useEffect, useState } from 'react';
import { nextWatermarkSpot } from '../model/watermark-spot';

/**
 * The student's username (and name) over the video, moving every 20–40 s. It is drawn by the page,
 * over the player's box (which is what goes full screen), so it is in every screenshot and screen
 * recording of the lecture. A deterrent against sharing an account or a recording, not DRM: someone
 * who edits the page or records the decoded video another way can remove it.
 */
export function Watermark({ text }: { text: string }) {
  const [spot, setSpot] = useState(() => nextWatermarkSpot());
  useEffect(() => {
    const timer = setTimeout(() => setSpot(nextWatermarkSpot()), spot.stayMs);
    return () => clearTimeout(timer);
  }, [spot]);
  return (
    <div
      className="watermark"
      data-testid="watermark"
      aria-hidden
      style={{ top: `${spot.top}%`, left: `${spot.left}%` }}
    >
      {text}
    </div>
  );
}
