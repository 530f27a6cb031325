import { addBrandAssets, isValidImageUrl, toImageDataUrls } from './brandAssets';

const png = (name: string, size = 10) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('addBrandAssets', () => {
  it('keeps images in order and reports each refused file with its message', () => {
    const text = new File(['x'], 'a.txt', { type: 'text/plain' });
    const { files, issues } = addBrandAssets([png('1.png')], [text, png('1.png'), png('2.png'), png('3.png'), png('4.png'), png('5.png'), png('6.png')]);
    expect(files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(issues.map((i) => `${i.message}: ${i.fileName}`)).toEqual(['Invalid file type: a.txt', 'Duplicate file: 1.png', 'Too many images: 6.png']);
  });

  it('stops at 10 MB in total, exactly 10 MB allowed', () => {
    const MB = 1024 * 1024;
    const { files, issues } = addBrandAssets([], [png('a.png', 6 * MB), png('b.png', 4 * MB), png('c.png', 1)]);
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(issues.map((i) => i.message)).toEqual(['Files too large']);
  });
});

describe('image URLs', () => {
  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['data:image/png;base64,', false],
    ['data:text/plain;base64,aGVsbG8=', false],
    ['https://example.com/logo.png', true],
    ['http://example.com/logo.png', true],
    ['javascript:alert(1)', false],
    ['ftp://example.com/a.png', false],
  ])('%s valid: %s', (url, valid) => expect(isValidImageUrl(url)).toBe(valid));

  it('converts files to data URLs and leaves out empty ones', async () => {
    const result = await toImageDataUrls([new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }), new File([], 'b.png', { type: 'image/png' })]);
    expect(result.imageUrls).toEqual(['data:image/png;base64,AQID']);
    expect(result.fileNames).toEqual(['a.png']);
    expect(result.invalid).toEqual(['b.png']);
  });
});
