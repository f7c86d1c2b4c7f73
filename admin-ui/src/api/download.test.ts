import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="emissione-massiva.xlsx"')).toBe('emissione-massiva.xlsx');
    expect(fileNameOf('attachment; filename=mass-issue.xlsx')).toBe('mass-issue.xlsx');
  });

  it('prefers the UTF-8 name when both are given', () => {
    expect(fileNameOf(`attachment; filename="risultati.xlsx"; filename*=UTF-8''risultati%20citt%C3%A0.xlsx`)).toBe(
      'risultati città.xlsx',
    );
  });

  it('has none without the header or a name', () => {
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf('attachment; filename=""')).toBeUndefined();
  });
});
