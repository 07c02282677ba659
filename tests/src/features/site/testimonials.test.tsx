import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../../../src/content/institute';
import { Testimonials } from '../../../../src/features/site/components/testimonials';
import { setPrefersReducedMotion } from '../../../helpers/media';

const INTERVAL = 5000;
const quote = (i: number) => testimonials[i]!.quote;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderTestimonials() {
  return render(<Testimonials testimonials={testimonials} intervalMs={INTERVAL} />);
}

describe('Testimonials', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('moves to the next testimonial every 5000 ms and wraps around after the last', () => {
    renderTestimonials();
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    advance(INTERVAL - 1);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    advance(1);
    expect(screen.getByText(quote(1))).toBeInTheDocument();
    expect(screen.queryByText(quote(0))).not.toBeInTheDocument();
    for (let i = 2; i < testimonials.length; i++) {
      advance(INTERVAL);
      expect(screen.getByText(quote(i))).toBeInTheDocument();
    }
    advance(INTERVAL);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
  });

  it('stops rotating when paused and resumes with Play', () => {
    renderTestimonials();
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    advance(INTERVAL * 4);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    advance(INTERVAL);
    expect(screen.getByText(quote(1))).toBeInTheDocument();
  });

  it('pauses while the pointer is over the testimonials', () => {
    renderTestimonials();
    const region = screen.getByRole('region', { name: 'Testimonials' });
    fireEvent.mouseEnter(region);
    advance(INTERVAL * 3);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    fireEvent.mouseLeave(region);
    advance(INTERVAL);
    expect(screen.getByText(quote(1))).toBeInTheDocument();
  });

  it('does not rotate by itself when the device prefers reduced motion', () => {
    setPrefersReducedMotion(true);
    renderTestimonials();
    advance(INTERVAL * 3);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(screen.getByText(quote(1))).toBeInTheDocument();
  });

  it('steps with Previous and Next and restarts the interval after a manual step', () => {
    renderTestimonials();
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(screen.getByText(quote(testimonials.length - 1))).toBeInTheDocument();
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    advance(3000);
    expect(screen.getByText(quote(0))).toBeInTheDocument();
    advance(2000);
    expect(screen.getByText(quote(1))).toBeInTheDocument();
  });

  it('shows the author and company of the current testimonial', () => {
    renderTestimonials();
    expect(screen.getByText(testimonials[0]!.author)).toBeInTheDocument();
    expect(screen.getByText(testimonials[0]!.company)).toBeInTheDocument();
  });
});
