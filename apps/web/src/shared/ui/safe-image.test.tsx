import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeImage } from './safe-image';

afterEach(cleanup);

describe('SafeImage', () => {
  it('shows the image while it loads', () => {
    render(<SafeImage src="/uploads/a.jpg" alt="已上传的证件照" className="photo" />);
    expect(screen.getByRole('img', { name: '已上传的证件照' }).tagName).toBe('IMG');
  });

  it('a failed load shows a placeholder that says so, never a broken image', () => {
    const { container } = render(
      <SafeImage
        src="/uploads/gone.jpg"
        alt="已上传的证件照"
        className="photo"
        fallbackText="照片无法显示，请重新上传"
      />,
    );
    fireEvent.error(screen.getByRole('img'));
    const placeholder = screen.getByRole('img', {
      name: '已上传的证件照（照片无法显示，请重新上传）',
    });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder.className).toContain('photo');
    expect(container.querySelector('img')).toBeNull();
    expect(placeholder.textContent).toBe('照片无法显示，请重新上传');
  });

  it('no address at all is the placeholder too; a decorative one stays hidden', () => {
    const { container } = render(<SafeImage src="" alt="" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-image-failed]')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
  });
});
