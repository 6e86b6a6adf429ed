import { describe, expect, it } from 'vitest';
import { spotifyEmbedUrl, youtubeVideoId } from './embeds.ts';

describe('embeds', () => {
  it('reads a YouTube video id from every common address form', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/@somechannel')).toBeNull();
    expect(youtubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
  });
  it('turns Spotify addresses into their embed player, and nothing else', () => {
    expect(spotifyEmbedUrl('https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=x')).toBe('https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy');
    expect(spotifyEmbedUrl('https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF')).toBe('https://open.spotify.com/embed/artist/0OdUWJ0sBjDrqHygGUXeCF');
    expect(spotifyEmbedUrl('https://spotify.evil.example/album/x')).toBeNull();
  });
});
