import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { closeNow, listenOnLoopback, readBody } from './loopback-server';

/** One API call the fake received, as the SDK sent it. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The Idempotency-Key header, if any. */
  idempotencyKey: string | null;
  authorization: string | null;
  /** The form-encoded body decoded into nested objects and arrays (line_items[0][price] → line_items[0].price). */
  body: Record<string, any>;
}

export interface FakeSubscriptionInput {
  id?: string;
  customer: string;
  price: string;
  status?: string;
  metadata?: Record<string, string>;
  interval?: 'month' | 'year';
  current_period_start?: number;
  current_period_end?: number;
  cancel_at_period_end?: boolean;
  created?: number;
}

export interface FakeStripeOptions {
  /** Where to POST signed events when a payment is completed in the fake's checkout page (browser tests). */
  webhookUrl?: string;
}

type StripeObject = Record<string, any>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 3600;

/**
 * A local Stripe API that speaks the REST wire format (Bearer key, form-encoded bodies, Stripe's
 * error shape, idempotent replays) for the calls Brandloom makes, so the real `stripe` SDK can be
 * pointed at it through STRIPE_API_BASE. It records every request and signs webhook payloads
 * with Stripe's real header scheme (t=...,v1=HMAC-SHA256).
 */
export class FakeStripe {
  readonly secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `whsec_fake_${randomBytes(16).toString('hex')}`;
  readonly requests: RecordedStripeRequest[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  /** When set, every API call answers this error instead (to test Stripe outages). */
  failWith: { status: number; type: string; message: string } | null = null;
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  private readonly sessionPrices = new Map<string, string>();

  private constructor(private readonly server: Server, readonly url: string, private readonly options: FakeStripeOptions) {}

  static async start(options: FakeStripeOptions = {}): Promise<FakeStripe> {
    const server = createServer();
    const fake = new FakeStripe(server, await listenOnLoopback(server), options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.route(req, res));
    return fake;
  }

  /** Configuration for an app that talks to this fake. */
  get env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_BASE: this.url };
  }

  requestsTo(method: string, path: string): RecordedStripeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }

  /** Gives a customer (created here, or made up by a test) a default card. */
  setDefaultCard(customerId: string, card: { brand: string; last4: string; exp_month: number; exp_year: number }): StripeObject {
    const method = { id: id('pm'), object: 'payment_method', type: 'card', card };
    this.paymentMethods.set(method.id, method);
    const customer = this.customers.get(customerId) ?? { id: customerId, object: 'customer', metadata: {}, created: now() };
    this.customers.set(customerId, { ...customer, invoice_settings: { default_payment_method: method.id } });
    return method;
  }

  /** Creates or replaces a subscription as GET /v1/subscriptions/:id will return it. */
  setSubscription(input: FakeSubscriptionInput): StripeObject {
    const start = input.current_period_start ?? now();
    const interval = input.interval ?? (input.price.endsWith('_annual') ? 'year' : 'month');
    const end = input.current_period_end ?? start + (interval === 'year' ? 365 : 30) * DAY;
    const subscriptionId = input.id ?? id('sub');
    const previous = this.subscriptions.get(subscriptionId);
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer: input.customer,
      status: input.status ?? 'active',
      metadata: input.metadata ?? previous?.metadata ?? {},
      cancel_at_period_end: input.cancel_at_period_end ?? false,
      created: input.created ?? previous?.created ?? now(),
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: previous?.items.data[0].id ?? id('si'),
            object: 'subscription_item',
            price: { id: input.price, object: 'price', recurring: { interval, interval_count: 1 }, type: 'recurring' },
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** An invoice of a subscription, in the shape invoice.paid carries. */
  createInvoice(subscription: StripeObject, billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update', invoiceId = id('in')): StripeObject {
    const item = subscription.items.data[0];
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      billing_reason: billingReason,
      status: 'paid',
      amount_paid: 0,
      currency: 'usd',
      created: now(),
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: 0,
            currency: 'usd',
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: `prod_${item.price.id}` }, unit_amount_decimal: '0' },
          },
        ],
      },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * Pays a Checkout Session as Stripe would: a subscription-mode session gets its subscription and
   * first invoice. Returns the objects the webhook events carry.
   */
  completeCheckout(
    sessionId: string,
    options: { paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required'; amountTotal?: number } = {},
  ): { session: StripeObject; subscription: StripeObject | null; invoice: StripeObject | null } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`unknown checkout session ${sessionId}`);
    const paymentStatus = options.paymentStatus ?? 'paid';
    Object.assign(session, { status: 'complete', payment_status: paymentStatus, amount_total: options.amountTotal ?? session.amount_total });
    let subscription: StripeObject | null = null;
    let invoice: StripeObject | null = null;
    if (session.mode === 'subscription') {
      subscription = this.setSubscription({
        customer: session.customer,
        price: this.sessionPrices.get(sessionId)!,
        status: paymentStatus === 'unpaid' ? 'incomplete' : 'active',
        metadata: session.subscription_data?.metadata ?? {},
      });
      invoice = this.createInvoice(subscription, 'subscription_create');
      Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
    }
    return { session: { ...session }, subscription, invoice };
  }

  /** A Stripe event envelope around `object`. */
  event(type: string, object: StripeObject, overrides: { id?: string; created?: number } = {}): StripeObject {
    return {
      id: overrides.id ?? id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: overrides.created ?? now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The Stripe-Signature header for `payload` (defaults: now, this fake's webhook secret). */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret, timestamp: options.timestamp });
  }

  /** A payload and its signature header, ready to POST to the webhook endpoint. */
  signedEvent(type: string, object: StripeObject, overrides: { id?: string; created?: number } = {}): { event: StripeObject; payload: string; signature: string } {
    const event = this.event(type, object, overrides);
    const payload = JSON.stringify(event);
    return { event, payload, signature: this.sign(payload) };
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = (await readBody(req)).toString('utf8');
    if (!url.pathname.startsWith('/v1/')) return this.page(url, res);

    const request: RecordedStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      authorization: req.headers.authorization ?? null,
      body: parseForm(req.method === 'GET' ? url.search.slice(1) : raw),
    };
    this.requests.push(request);
    if (request.authorization !== `Bearer ${this.secretKey}`) {
      return send(res, 401, stripeError('invalid_request_error', `Invalid API Key provided: ${request.authorization ?? 'none'}`));
    }
    if (this.failWith) return send(res, this.failWith.status, stripeError(this.failWith.type, this.failWith.message));
    const replayKey = request.idempotencyKey && `${request.method} ${request.path} ${request.idempotencyKey}`;
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });

    const { status, body } = this.answer(request);
    if (replayKey && request.method === 'POST') this.replays.set(replayKey, { status, body });
    send(res, status, body);
  }

  private answer(r: RecordedStripeRequest): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const missing = (kind: string, key: string) => ({ status: 404, body: stripeError('invalid_request_error', `No such ${kind}: '${key}'`, 'resource_missing') });
    const invalid = (message: string, param?: string) => ({ status: 400, body: stripeError('invalid_request_error', message, 'parameter_missing', param) });
    const [, , resource, ...rest] = r.path.split('/');
    const target = rest.join('/');

    if (r.method === 'POST' && r.path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', name: r.body.name ?? null, email: r.body.email ?? null, metadata: r.body.metadata ?? {}, created: now() };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      const price = r.body.line_items?.[0]?.price;
      if (!['payment', 'subscription', 'setup'].includes(r.body.mode)) return invalid('Missing required param: mode.', 'mode');
      if (!price) return invalid('Missing required param: line_items[0][price].', 'line_items[0][price]');
      if (!r.body.success_url) return invalid('Missing required param: success_url.', 'success_url');
      if (r.body.customer && !this.customers.has(r.body.customer)) return missing('customer', r.body.customer);
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: r.body.mode,
        customer: r.body.customer ?? null,
        client_reference_id: r.body.client_reference_id ?? null,
        metadata: r.body.metadata ?? {},
        subscription_data: r.body.subscription_data,
        success_url: r.body.success_url,
        cancel_url: r.body.cancel_url ?? null,
        url: `${this.url}/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: null,
        currency: 'usd',
        subscription: null,
        invoice: null,
        created: now(),
        livemode: false,
      };
      this.sessions.set(sessionId, session);
      this.sessionPrices.set(sessionId, price);
      return ok(session);
    }
    if (r.method === 'GET' && resource === 'checkout' && rest[0] === 'sessions' && rest[1]) {
      const session = this.sessions.get(rest[1]);
      return session ? ok(session) : missing('checkout.session', rest[1]);
    }
    if (r.method === 'POST' && r.path === '/v1/billing_portal/sessions') {
      if (!r.body.customer) return invalid('Missing required param: customer.', 'customer');
      if (!this.customers.has(r.body.customer)) return missing('customer', r.body.customer);
      const portal = { id: id('bps'), object: 'billing_portal.session', customer: r.body.customer, return_url: r.body.return_url ?? null, url: '', created: now() };
      portal.url = `${this.url}/p/session/${portal.id}`;
      this.portalSessions.set(portal.id, portal);
      return ok(portal);
    }
    if (r.method === 'GET' && resource === 'subscriptions' && target) {
      const subscription = this.subscriptions.get(target);
      return subscription ? ok(subscription) : missing('subscription', target);
    }
    if (r.method === 'GET' && resource === 'customers' && target) {
      const customer = this.customers.get(target);
      if (!customer) return missing('customer', target);
      const expand: string[] = Array.isArray(r.body.expand) ? r.body.expand : [];
      const methodId = customer.invoice_settings?.default_payment_method ?? null;
      const method = typeof methodId === 'string' ? this.paymentMethods.get(methodId) : null;
      return ok({ ...customer, invoice_settings: { default_payment_method: method && expand.includes('invoice_settings.default_payment_method') ? method : methodId } });
    }
    if (r.method === 'DELETE' && resource === 'subscriptions' && target) {
      const subscription = this.subscriptions.get(target);
      if (!subscription) return missing('subscription', target);
      if (subscription.status === 'canceled') return invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      return ok(subscription);
    }
    if (r.method === 'GET' && r.path === '/v1/prices') {
      const prices = [...new Set(this.sessionPrices.values())].map((price) => ({ id: price, object: 'price', active: true }));
      return ok({ object: 'list', data: prices, has_more: false, url: '/v1/prices' });
    }
    return { status: 404, body: stripeError('invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`) };
  }

  /** The hosted pages a browser test walks through: Checkout (pay or cancel) and the portal. */
  private async page(url: URL, res: ServerResponse): Promise<void> {
    const pay = /^\/c\/pay\/([^/]+)(\/(complete|cancel))?$/.exec(url.pathname);
    const session = pay && this.sessions.get(pay[1]);
    if (session && pay[3] === 'complete') {
      const { session: paid, subscription, invoice } = this.completeCheckout(session.id);
      if (this.options.webhookUrl) {
        await this.deliver('checkout.session.completed', paid);
        if (subscription) await this.deliver('customer.subscription.created', subscription);
        if (invoice) await this.deliver('invoice.paid', invoice);
      }
      return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', () => session.id));
    }
    if (session && pay[3] === 'cancel') return redirect(res, session.cancel_url);
    if (session) {
      const html = `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1>
        <p>Session ${session.id} (${session.mode}) for ${this.sessionPrices.get(session.id)}</p>
        <a id="pay" href="/c/pay/${session.id}/complete">Pay</a> <a id="cancel" href="/c/pay/${session.id}/cancel">Cancel</a>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(url.pathname);
    const portalSession = portal && this.portalSessions.get(portal[1]);
    if (portalSession) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Fake Stripe Portal</title><h1>Fake Stripe Portal</h1><a href="${portalSession.return_url}">Return</a>`);
      return;
    }
    res.writeHead(404).end('not found');
  }

  private async deliver(type: string, object: StripeObject): Promise<void> {
    const { payload, signature } = this.signedEvent(type, object);
    await fetch(this.options.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  }
}

/** Decodes Stripe's form encoding: `a[b][0][c]=v` becomes { a: { b: [{ c: 'v' }] } }. */
export function parseForm(body: string): Record<string, any> {
  const result: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = result;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return result;
}

function stripeError(type: string, message: string, code?: string, param?: string) {
  return { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers }).end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location }).end();
}

