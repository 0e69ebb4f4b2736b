import { tileSources } from './tile-sources';

describe('tileSources', () => {
  it.each([
    ['https://tiles.example.org/{z}/{x}/{y}.png', ['https://tiles.example.org']],
    ['  https://Tiles.Example.org:8443/osm/{z}/{x}/{y}.png?key=abc ', ['https://tiles.example.org:8443']],
    ['http://localhost:8080/{z}/{x}/{-y}.png', ['http://localhost:8080']],
    [
      'https://{a-c}.tile.example.org/{z}/{x}/{y}.png',
      ['https://a.tile.example.org', 'https://b.tile.example.org', 'https://c.tile.example.org'],
    ],
    ['https://t{0-1}.example.org/{z}/{x}/{y}.png', ['https://t0.example.org', 'https://t1.example.org']],
    // Only the origin is kept: nothing after it reaches the header.
    ['https://tiles.example.org/x; script-src *', ['https://tiles.example.org']],
  ])('%p -> %p', (template, sources) => {
    expect(tileSources(template)).toEqual(sources);
  });

  it.each([
    '',
    '   ',
    'not a url',
    '/tiles/{z}/{x}/{y}.png',
    'ftp://tiles.example.org/{z}/{x}/{y}.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://*/{z}/{x}/{y}.png',
    'https://*.example.org/{z}/{x}/{y}.png',
    'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    'https://t{0-99}.example.org/{z}/{x}/{y}.png',
  ])('%p -> nothing', (template) => {
    expect(tileSources(template)).toEqual([]);
  });
});
