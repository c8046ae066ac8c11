import { describe, expect, it } from 'vitest';
import { feedbackReferenceOf, redirectTargetOf } from './feedback-reference.ts';

const here = 'https://portal.example/referrer/report-feedback?imsec=abc';

describe('feedbackReferenceOf', () => {
  it('takes exactly one of imsec and accession (the API calls it pacsAppointmentId)', () => {
    expect(feedbackReferenceOf(new URLSearchParams('imsec=abc'))).toEqual({ imsec: 'abc' });
    expect(feedbackReferenceOf(new URLSearchParams('accession=%20ACC-1%20'))).toEqual({
      pacsAppointmentId: 'ACC-1',
    });
    for (const query of ['', 'imsec=', 'imsec=a&accession=b', 'accession=%20']) {
      expect(feedbackReferenceOf(new URLSearchParams(query)), query).toBeNull();
    }
  });
});

describe('redirectTargetOf', () => {
  it('goes to a portal address through the router and to another site by a page load', () => {
    expect(redirectTargetOf('https://portal.example/about?x=1#top', here)).toEqual({
      kind: 'portal',
      path: '/about?x=1#top',
    });
    expect(redirectTargetOf('https://provider.example/thanks', here)).toEqual({
      kind: 'site',
      url: 'https://provider.example/thanks',
    });
  });

  it('goes nowhere without an address, or to anything but http(s)', () => {
    for (const configured of [
      null,
      '',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://x.example/',
    ]) {
      expect(redirectTargetOf(configured, here), String(configured)).toBeNull();
    }
  });
});
