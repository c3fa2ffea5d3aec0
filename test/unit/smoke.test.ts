test('jest runs TypeScript through swc', () => {
  const n: number = 1 + 1;
  expect(n).toBe(2);
});
