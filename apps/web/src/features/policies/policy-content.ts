/**
 * The text of the Hub's three public policies, as typed data that PolicyLayout renders.
 *
 * Keep the facts here in step with the product: local-storage keys and sign-out behaviour
 * (lib/identity-client.ts, lib/settings/settings.ts, lib/auth/auth-context.tsx), the login audit
 * record (contracts: ZLoginAuditRequestSchema), password hashing (server: identity/password.ts),
 * code lifetimes and sign-in limits (server: identity/builtin-pool.ts) and the plan levels
 * (contracts: PLAN_LEVEL). A change to any of them, or to the wording below, needs a new version
 * and effective date.
 */

/** A run of text: plain, bold, or an in-app link (rendered with react-router). */
export type PolicyInline = string | { readonly strong: string } | { readonly text: string; readonly to: string };

/** A sentence or paragraph: plain text, or runs of inline content. */
export type PolicyText = string | readonly PolicyInline[];

export type PolicyDefinition = { readonly term: string; readonly definition: PolicyText };

export type PolicyBlock =
  | { readonly kind: "paragraph"; readonly text: PolicyText }
  | { readonly kind: "list"; readonly items: readonly PolicyText[] }
  | { readonly kind: "subheading"; readonly text: string }
  | { readonly kind: "definitions"; readonly items: readonly PolicyDefinition[] };

export type PolicySection = {
  /** The in-page anchor: unique within its policy, lowercase words joined by hyphens. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly PolicyBlock[];
};

export type PolicyDocument = {
  /** The public route of the policy. */
  readonly path: string;
  readonly title: string;
  /** Human-readable effective date, e.g. "22 November 2026". */
  readonly effectiveDate: string;
  /** The same date as YYYY-MM-DD, for the <time> element. */
  readonly effectiveDateIso: string;
  /** Shown after the word "Version", e.g. "1.0". */
  readonly version: string;
  /** A short plain-language introduction shown above the contents. It is not part of the policy. */
  readonly summary?: string;
  readonly sections: readonly PolicySection[];
};

export const POLICY_EFFECTIVE_DATE = "22 November 2026";
export const POLICY_EFFECTIVE_DATE_ISO = "2026-11-22";
export const POLICY_VERSION = "1.0";

export const POLICY_PATHS = {
  terms: "/terms-and-conditions",
  privacy: "/privacy-policy",
  acceptableUse: "/acceptable-use-policy",
} as const;

/** The three policies, in the order the footer of each policy page lists them. */
export const POLICY_LINKS: readonly { readonly path: string; readonly title: string }[] = [
  { path: POLICY_PATHS.terms, title: "Terms and Conditions" },
  { path: POLICY_PATHS.privacy, title: "Privacy Policy" },
  { path: POLICY_PATHS.acceptableUse, title: "Acceptable Use Policy" },
];

// Small builders that keep the content below readable.
const p = (...text: PolicyInline[]): PolicyBlock => ({ kind: "paragraph", text });
const ul = (...items: PolicyText[]): PolicyBlock => ({ kind: "list", items });
const h3 = (text: string): PolicyBlock => ({ kind: "subheading", text });
const dl = (...items: PolicyDefinition[]): PolicyBlock => ({ kind: "definitions", items });
const b = (strong: string): PolicyInline => ({ strong });
const link = (text: string, to: string): PolicyInline => ({ text, to });

const TERMS_LINK = link("Terms and Conditions", POLICY_PATHS.terms);
const PRIVACY_LINK = link("Privacy Policy", POLICY_PATHS.privacy);
const AUP_LINK = link("Acceptable Use Policy", POLICY_PATHS.acceptableUse);

// ---------------------------------------------------------------------------------------------
// Terms and Conditions
// ---------------------------------------------------------------------------------------------

export const TERMS_AND_CONDITIONS: PolicyDocument = {
  path: POLICY_PATHS.terms,
  title: "Terms and Conditions",
  effectiveDate: POLICY_EFFECTIVE_DATE,
  effectiveDateIso: POLICY_EFFECTIVE_DATE_ISO,
  version: POLICY_VERSION,
  summary:
    "These terms govern your organisation's use of the Hub. In short: your tech packs, designs and orders stay yours; we keep them confidential and only share them with the organisations you choose to work with; you pay for the plan and number of users you subscribe to; and you can take your data with you when you leave.",
  sections: [
    {
      id: "about-these-terms",
      title: "About these terms",
      blocks: [
        p(
          "These Terms and Conditions (the ",
          b("Terms"),
          ') form an agreement between the operator of the Hub (the "',
          b("Hub operator"),
          '", "we", "us" or "our") and the organisation that subscribes to or is invited to use the Hub (the "',
          b("Customer"),
          '", "you" or "your").',
        ),
        p(
          "By registering for the Hub, signing an order form that refers to these Terms, or using the Hub, you accept these Terms on behalf of your organisation. If you accept them for an organisation, you confirm that you have authority to bind it. If you do not have that authority, or do not agree, do not use the Hub.",
        ),
        p(
          "The agreement between us consists of your order form (if any), these Terms, our ",
          PRIVACY_LINK,
          " and our ",
          AUP_LINK,
          ". If they conflict, the order form takes priority over these Terms, and these Terms take priority over the other policies, except where a policy expressly says otherwise.",
        ),
        p(
          "The Hub is a business-to-business service. It is not offered to consumers, and you confirm that you use it for the purposes of your trade or business.",
        ),
      ],
    },
    {
      id: "definitions",
      title: "Definitions",
      blocks: [
        dl(
          {
            term: "Hub",
            definition:
              "The hosted web application and any application programming interface (API) we make available under these Terms, including tech packs, the manufacturing library, orders, inventory, the factory floor (including barcoded tote tracking), shipping, dashboards and reports, together with their documentation and updates.",
          },
          {
            term: "Brand",
            definition:
              "A Customer that designs or sells apparel and uses the Hub to develop products and place orders, also called a client in the Hub.",
          },
          {
            term: "Facility",
            definition:
              "A Customer that makes products to order, such as a factory or manufacturer, and uses the Hub to receive and fulfil a Brand's orders.",
          },
          {
            term: "Connected organisation",
            definition:
              "A Brand and a Facility that have linked their accounts in the Hub so that the Brand can share tech packs and orders with the Facility.",
          },
          {
            term: "Authorised user",
            definition:
              "An individual to whom you (or we, at your request) give a username to use the Hub on your behalf, such as your employees, design team members and contractors.",
          },
          {
            term: "Customer data",
            definition:
              "All data and files that you or your authorised users submit to the Hub, including tech packs, designs, artwork, print files, measurements, bills of materials, supplier details, inventory, orders, shipping details and the records created when you process them, such as tote scans.",
          },
          {
            term: "Order form",
            definition:
              "A quote, order form, online checkout or subscription page accepted by you that sets out your plan, user limit, fees, subscription term and any special terms.",
          },
          {
            term: "Plan",
            definition:
              "The subscription level you have purchased, such as Basic or Professional, which determines the features available to you.",
          },
        ),
      ],
    },
    {
      id: "the-service",
      title: "The service",
      blocks: [
        p(
          "During your subscription term we will provide the Hub to you in accordance with these Terms, your order form and the features of your plan. We grant you a non-exclusive, non-transferable right, for your internal business purposes, to allow your authorised users to access and use the Hub.",
        ),
        p(
          "We continually improve the Hub and may add, change or remove features. We will not make a change that materially reduces the core functionality of your plan during a paid subscription term without giving you at least 30 days' notice. If such a change affects you adversely, you may terminate the affected subscription before the change takes effect and receive a refund of prepaid fees for the remainder of the term.",
        ),
        p(
          'Features marked in the Hub as "coming soon", preview or beta are provided for evaluation, are not part of your plan and may be changed or withdrawn at any time. They are excluded from any service commitment.',
        ),
        p(
          "The Hub is a tool for managing product development and production information. We are not a party to any contract between a Brand and a Facility, and we are not responsible for the quality, price, delivery or conformity of any goods made, or for any instruction one of them gives the other through the Hub.",
        ),
      ],
    },
    {
      id: "accounts-and-credentials",
      title: "Accounts and credentials",
      blocks: [
        ul(
          "Each authorised user must have their own username. Usernames and passwords are personal to the individual and may not be shared, as the Acceptable Use Policy explains.",
          "Passwords must meet the Hub's password rules. New accounts are confirmed with a code sent by email, and password resets use a code sent in the same way; the email address on each account must be one that the user controls.",
          "You are responsible for your authorised users' activity in the Hub and for their compliance with these Terms, and for keeping the list of authorised users up to date. Remove access promptly when someone leaves your organisation or no longer needs it.",
          "Your organisation's administrators control which users, teams and sites can see which data, and which features each user may use.",
          "Tell us without undue delay if you suspect that a username, password or API key has been lost, stolen or used without permission. We may require a password reset or disable a credential to protect your account.",
          "Our own staff have administrator accounts to provide support and operate the Hub. They access customer data only as described in the section on confidentiality below.",
        ),
      ],
    },
    {
      id: "brands-facilities",
      title: "Brands, facilities and connected organisations",
      blocks: [
        p(
          "A Brand may connect with one or more Facilities and share tech packs, specifications, print files and orders with them. Sharing is the Brand's instruction to us to make that data available to the Facility, and the Brand can stop sharing at any time, subject to orders already accepted by the Facility.",
        ),
        p(
          "A Facility that receives a Brand's data through the Hub may use it only to quote for, produce, inspect, pack and ship that Brand's orders, and must not copy it, reuse it for any other customer or disclose it to anyone else, except to subcontractors that the Brand has approved and that are bound by confidentiality obligations at least as protective as these Terms.",
        ),
        p(
          "Some Facilities use the Hub at no charge, or under a Brand's subscription, when invited by a Brand. This is stated when the invitation is accepted. These Terms still apply to such a Facility, apart from the payment terms.",
        ),
        p(
          "Production records created by a Facility, such as tote assignments, scans and manufacturing status, remain the Facility's customer data, but the Facility agrees that the status of each order, and the records needed to show it, are visible to the Brand that placed the order.",
        ),
      ],
    },
    {
      id: "subscriptions-and-plans",
      title: "Subscriptions, plans and user limits",
      blocks: [
        p(
          "The Hub is offered in plan levels. The Basic plan includes the core product development, order, factory floor and shipping features. The Professional plan adds advanced features, currently including report downloads and the production overview dashboard. The features of each plan are described on the subscription page in the Hub or in your order form.",
        ),
        p(
          "Each plan includes a maximum number of authorised users, stated in your order form or on the Manage Subscription page. You may not exceed that limit. To add users beyond it, upgrade your plan or buy additional users.",
        ),
        ul(
          "Upgrades take effect immediately. You will be charged a prorated amount for the rest of the current billing period.",
          "Downgrades and reductions in users take effect at the start of the next billing period. Features that are not included in the lower plan will no longer be available, but the customer data created with them will be kept and can still be exported.",
          "Unless your order form says otherwise, subscriptions are billed monthly or annually in advance and renew automatically for the same period unless cancelled before the end of the current period.",
          "You can cancel renewal from the Manage Subscription page, or by notice to us, at any time before the renewal date. Cancellation takes effect at the end of the current period.",
        ),
      ],
    },
    {
      id: "fees-and-payment",
      title: "Fees and payment",
      blocks: [
        p(
          "You will pay the fees stated in your order form or on the subscription page. Payments are collected by our third-party payment provider. By giving payment details, you authorise the payment provider to charge the fees, including recurring renewal charges, to the payment method you provide. Your card or bank details are collected and held by the payment provider, not by the Hub.",
        ),
        ul(
          "Fees are stated excluding taxes. You are responsible for all sales, use, value added, goods and services and similar taxes, other than taxes on our income.",
          "Invoiced fees are due within 30 days of the invoice date unless your order form states a different period.",
          "If a payment fails or is overdue, we will notify you and the payment provider may retry the charge. If the amount is still unpaid 14 days after that notice, we may suspend your access until it is paid.",
          "If you dispute an invoice in good faith, tell us within 30 days of its date, with the reasons. You must pay any undisputed part on time, and we will not suspend your access over a disputed amount while we are working to resolve it.",
          "We may change our fees from your next renewal by giving at least 30 days' notice before it. Fees agreed in an order form do not change during its term.",
          "Fees are non-refundable, except as stated in these Terms or required by law.",
        ),
      ],
    },
    {
      id: "customer-data",
      title: "Your data",
      blocks: [
        p(
          "As between you and us, you own your customer data, including all intellectual property rights in your tech packs, designs, artwork, print files and orders. Nothing in these Terms transfers ownership of customer data to us or to any other customer.",
        ),
        p(
          "You grant us a worldwide, non-exclusive, royalty-free licence to host, copy, process, transmit and display customer data only as needed to provide, secure and support the Hub for you, to make it available to the connected organisations you choose, and to comply with the law. This licence ends when your customer data is deleted under these Terms.",
        ),
        p(
          "We will not sell customer data, use it to advertise, show it to other customers without your instruction, or use your designs to train machine learning models. We may compile aggregated statistics about the use of the Hub, such as the number of orders processed or feature usage, to operate and improve the Hub, provided that they do not identify you, your authorised users or any of your designs.",
        ),
        p(
          "You are responsible for the accuracy and legality of your customer data and for having the rights you need to upload it, including the rights to any designs, logos, trademarks, artwork and print files. You are responsible for the correctness of specifications, measurements and quantities in your tech packs and orders.",
        ),
        p(
          "Where customer data includes personal data, each party will comply with applicable data protection law. We process that personal data on your behalf as described in our ",
          PRIVACY_LINK,
          " and in any data processing terms in your order form.",
        ),
      ],
    },
    {
      id: "confidentiality",
      title: "Confidentiality",
      blocks: [
        p(
          '"Confidential information" means all non-public information disclosed by one party to the other in connection with the Hub that is marked as confidential or that a reasonable person would understand to be confidential. Your customer data, including all unreleased designs and tech packs, is always your confidential information. Non-public features, pricing and security information of the Hub are ours.',
        ),
        p(
          "The receiving party will use the other party's confidential information only to perform its obligations or exercise its rights under these Terms, protect it with at least the care it uses for its own confidential information of a similar kind (and never less than reasonable care), and disclose it only to its employees, contractors and sub-processors who need to know it and are bound by confidentiality obligations at least as protective as these Terms.",
        ),
        h3("Separation between organisations"),
        p(
          "The Hub is used by many brands and facilities, some of them competitors. We keep each organisation's customer data logically separated and apply access controls so that it is visible only to that organisation's authorised users and to the connected organisations it has chosen to share it with. Our staff access customer data only when it is needed to provide support you have asked for, to keep the Hub secure and running, or to comply with the law.",
        ),
        h3("Exceptions"),
        p(
          "These obligations do not apply to information that is or becomes public through no fault of the receiving party, was lawfully known to it before disclosure, is lawfully received from a third party without a duty of confidentiality, or is developed independently without use of the confidential information. A party may disclose confidential information where required by law or a court, provided it gives the other party prompt notice (where the law allows) and discloses only what is required.",
        ),
        p(
          "These obligations continue for five years after the agreement ends and, for trade secrets and unreleased designs, for as long as they remain confidential.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "Our intellectual property",
      blocks: [
        p(
          "We and our licensors own all rights in the Hub, including its software, interfaces, documentation, templates we provide and the Hub name and logo. Apart from the right to use the Hub under these Terms, no rights are granted to you.",
        ),
        p(
          "If you send us suggestions or feedback about the Hub, we may use them without restriction or payment, provided that we do not identify you or disclose your confidential information.",
        ),
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use and API access",
      blocks: [
        p(
          "You and your authorised users must comply with our ",
          AUP_LINK,
          ", which includes rules on credential sharing, automated access, API keys and rate limits, uploaded content and security testing.",
        ),
        p(
          "API keys are issued to your organisation for a particular integration. They are confidential information, are subject to the same limits as your plan and may be revoked if they are exposed or misused.",
        ),
      ],
    },
    {
      id: "availability-and-support",
      title: "Service availability and support",
      blocks: [
        ul(
          "We will use commercially reasonable efforts to make the Hub available 24 hours a day, seven days a week, except for planned maintenance, emergency maintenance and events outside our reasonable control.",
          "We will give at least 48 hours' notice of planned maintenance that is expected to interrupt the Hub, and will schedule it outside normal business hours in the regions where most of our customers work, where possible.",
          "Emergency maintenance, such as applying an urgent security fix, may be carried out without notice. We will keep it as short as possible.",
          "We back up customer data regularly and test our ability to restore it. Backups are there to recover the Hub after an incident and are not a way for you to restore individual records you have deleted.",
          "Support is provided through the channels and at the hours stated in your order form. Any service levels or service credits apply only if they are set out in your order form.",
        ),
      ],
    },
    {
      id: "third-party-services",
      title: "Third-party services",
      blocks: [
        p(
          "The Hub relies on third-party providers, such as cloud hosting, identity, email and payment services, which we choose and are responsible for as our sub-processors. The Hub also lets you connect services you choose yourself, such as e-commerce platforms, carriers or accounting systems, through account integrations and the API. Your use of those services is governed by your agreement with their providers. We are not responsible for them or for the data they send to or receive from the Hub at your instruction.",
        ),
      ],
    },
    {
      id: "suspension",
      title: "Suspension",
      blocks: [
        p("We may suspend access to all or part of the Hub for a user, an API key or your organisation if:"),
        ul(
          "your use poses a security risk or threatens the integrity or availability of the Hub or other customers' data;",
          "you or your authorised users materially breach the Acceptable Use Policy;",
          "fees remain unpaid 14 days after we notify you that they are overdue; or",
          "suspension is required by law or by an order of a court or authority.",
        ),
        p(
          "We will limit suspension to the extent and duration needed, and tell you the reason in advance where reasonably possible, or otherwise as soon as we can. We will restore access promptly once the cause has been resolved. Your customer data is not deleted while your access is suspended.",
        ),
      ],
    },
    {
      id: "term-and-termination",
      title: "Term and termination",
      blocks: [
        p(
          "The agreement starts when you first accept these Terms and continues until all subscriptions have ended or been terminated.",
        ),
        ul(
          "Either party may terminate the agreement by written notice if the other party materially breaches it and does not remedy the breach within 30 days of receiving notice describing it.",
          "Either party may terminate immediately by written notice if the other becomes insolvent, enters into an arrangement with its creditors, or has a receiver, administrator or liquidator appointed, to the extent the law allows.",
          "If you terminate because of our uncured breach, we will refund the prepaid fees for the remainder of the subscription term. If we terminate because of your uncured breach, any unpaid fees for the remainder of the subscription term become due.",
        ),
        p(
          "When the agreement ends, your right to use the Hub ends, API keys are revoked and any fees owed remain payable. The sections on your data, confidentiality, intellectual property, data export and deletion, limitation of liability, indemnities, governing law and any other provisions which by their nature are intended to survive continue to apply.",
        ),
      ],
    },
    {
      id: "data-export-and-deletion",
      title: "Data export and deletion",
      blocks: [
        p(
          "During your subscription you can export your customer data at any time using the export, report and download features of the Hub and, where your plan includes it, the API.",
        ),
        p(
          "For 30 days after the agreement ends we will, on request, make your customer data available for export in commonly used, machine-readable formats: structured records as CSV or JSON, and uploaded files (such as tech pack attachments and print files) in the format in which they were uploaded. There is no charge for one complete export; we may charge reasonable fees for additional exports or assistance.",
        ),
        p(
          "After that 30-day period we will delete your customer data from the live systems of the Hub within 60 days. Copies in backups are overwritten in the normal backup cycle, within a further 35 days. We may keep data we are required by law to keep, such as invoices, and data in records shared with a connected organisation that belong to that organisation's customer data, in each case only for as long as necessary and protected under these Terms.",
        ),
      ],
    },
    {
      id: "warranties",
      title: "Warranties and disclaimers",
      blocks: [
        p(
          "Each party warrants that it has the authority to enter into the agreement. We warrant that, during the subscription term, the Hub will perform materially in line with its documentation, and that we will not knowingly introduce malicious code into the Hub.",
        ),
        p(
          "If the Hub does not meet that warranty and you tell us within 30 days of noticing, we will use reasonable efforts to correct it. If we cannot do so within a reasonable time, either party may terminate the affected subscription and we will refund the prepaid fees for the rest of its term. This is your only remedy for breach of that warranty.",
        ),
        p(
          'Except as expressly stated in these Terms, and to the fullest extent permitted by law, the Hub is provided "as is" and "as available", and we disclaim all other warranties, whether express or implied, including warranties of merchantability, fitness for a particular purpose, non-infringement and uninterrupted or error-free operation. We do not warrant the results of production carried out using information in the Hub.',
        ),
      ],
    },
    {
      id: "indemnities",
      title: "Indemnities",
      blocks: [
        p(
          "We will defend you against any third-party claim alleging that your use of the Hub in accordance with these Terms infringes that party's intellectual property rights, and pay the damages and costs finally awarded or agreed in settlement. If such a claim is made or appears likely, we may obtain the right for you to continue using the Hub, modify it so that it no longer infringes, or, if neither is reasonably possible, terminate the affected subscription and refund the prepaid fees for the rest of its term. We have no obligation for claims arising from customer data, from your combination of the Hub with anything we did not provide, or from use in breach of these Terms.",
        ),
        p(
          "You will defend us against any third-party claim alleging that your customer data (including designs, logos, artwork and print files) infringes their rights, or that your use of the Hub breaches the law or the Acceptable Use Policy, and pay the damages and costs finally awarded or agreed in settlement.",
        ),
        p(
          "The party seeking defence must notify the other promptly of the claim, let it control the defence and settlement (no settlement may impose liability on the defended party without its consent), and provide reasonable cooperation at the defending party's expense.",
        ),
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      blocks: [
        p(
          "Neither party is liable to the other for any loss of profits, revenue, business or goodwill, for the cost of substitute goods or services, or for any indirect, special or consequential loss, however arising, even if it was advised that such loss was possible.",
        ),
        p(
          "Each party's total liability arising out of or in connection with the agreement in any 12-month period is limited to the fees paid and payable by you for the Hub in the 12 months before the event giving rise to the liability. For a Customer that uses the Hub free of charge, our total liability is limited to the equivalent of 100 US dollars.",
        ),
        p("These limits do not apply to:"),
        ul(
          "your obligation to pay fees;",
          "either party's obligations under the section on indemnities;",
          "breach of the section on confidentiality, other than a security incident that occurred despite our compliance with our security obligations;",
          "liability for gross negligence, wilful misconduct or fraud; or",
          "death or personal injury caused by negligence, or any other liability that cannot be limited or excluded by law.",
        ),
      ],
    },
    {
      id: "changes-to-these-terms",
      title: "Changes to these terms",
      blocks: [
        p(
          "We may update these Terms to reflect changes to the Hub, to the law or to how we do business. We will give at least 30 days' notice of material changes by email to your account administrators or through a notice in the Hub, and will publish every new version here with a new version number and effective date.",
        ),
        p(
          "If you do not accept a material change, you may terminate the affected subscriptions by notice before the change takes effect and we will refund the prepaid fees for the rest of the term. Continuing to use the Hub after the change takes effect means you accept it. Where an order form fixes the terms for its term, changes apply from its next renewal unless they are required by law.",
        ),
      ],
    },
    {
      id: "governing-law",
      title: "Governing law and disputes",
      blocks: [
        p(
          "The agreement, and any dispute or claim arising out of or in connection with it (including non-contractual disputes), is governed by the laws stated in your order form. The courts stated in your order form have exclusive jurisdiction. If your order form does not state a governing law or courts, those stated in the order form of the Brand that invited you apply, where relevant.",
        ),
        p(
          "Before starting proceedings, the parties will try to resolve a dispute by escalating it to senior representatives, who will meet (in person or online) within 30 days of a written request. This does not prevent either party from seeking urgent injunctive or other equitable relief to protect its confidential information or intellectual property.",
        ),
      ],
    },
    {
      id: "general",
      title: "General",
      blocks: [
        ul(
          "Entire agreement: the agreement is the entire agreement between the parties about the Hub and replaces any earlier agreement or understanding on the same subject. Terms on your purchase orders do not apply, even if we accept the order.",
          "Assignment: neither party may assign or transfer the agreement without the other's written consent, which must not be unreasonably withheld, except to a successor in a merger, acquisition or sale of all or substantially all of the relevant business, with notice to the other party.",
          "Force majeure: neither party is liable for delay or failure caused by events beyond its reasonable control, other than an obligation to pay. If such an event prevents performance for more than 30 days, either party may terminate the affected subscription by notice.",
          "Notices: we may send notices to the email address of your account administrators or display them in the Hub. You may send notices to the address stated in your order form. Notices of breach or termination must be made in writing.",
          "Publicity: we will not use your name or logo as a customer reference without your written consent.",
          "Relationship: the parties are independent contractors. The agreement does not create a partnership, agency or employment relationship.",
          "Export and sanctions: each party will comply with the export control and sanctions laws that apply to it, and you will not allow the Hub to be used by a sanctioned person or in a sanctioned country.",
          "Severability and waiver: if any provision is found to be unenforceable, the rest remains in effect. Failure or delay in exercising a right is not a waiver of it.",
          "Third parties: no one other than the parties has any right to enforce the agreement.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        p(
          "Questions about these Terms, notices and billing queries should be sent to the contact details stated in your order form. If you were invited to the Hub by a Brand or Facility and have no order form, your organisation's Hub administrator can pass your question to us.",
        ),
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------------------------

export const PRIVACY_POLICY: PolicyDocument = {
  path: POLICY_PATHS.privacy,
  title: "Privacy Policy",
  effectiveDate: POLICY_EFFECTIVE_DATE,
  effectiveDateIso: POLICY_EFFECTIVE_DATE_ISO,
  version: POLICY_VERSION,
  summary:
    "This policy explains what personal data the Hub collects, why, who it is shared with, how long it is kept and what rights you have. We collect what we need to run a secure business service. We do not sell personal data, do not use advertising cookies and never see your full card number.",
  sections: [
    {
      id: "who-we-are",
      title: "Who we are and what this policy covers",
      blocks: [
        p(
          'The Hub is a business-to-business platform operated by the Hub operator ("we", "us"). Apparel brands use it to develop products, and the factories and manufacturers that make those products to order use it to process them. This policy describes how we handle personal data about the people who use the Hub ("users"), the people whose details appear in it, and visitors to its public pages.',
        ),
        h3("Our role"),
        ul(
          [
            b("As a controller"),
            ": we decide how and why to use the personal data needed to run our business, such as authenticating users, keeping login audit records, securing the Hub, billing and communicating with customers about their accounts.",
          ],
          [
            b("As a processor"),
            ": the customer organisations that use the Hub (brands and facilities) decide what personal data to put into their tech packs, orders, shipping details and other customer data. We process that data only on their behalf and on their instructions, as set out in our ",
            TERMS_LINK,
            " and any data processing terms in their order form. If your data was entered into the Hub by one of our customers, that customer is your first point of contact.",
          ],
        ),
      ],
    },
    {
      id: "data-we-collect",
      title: "The personal data we collect",
      blocks: [
        h3("Account and profile data"),
        p(
          "Your username, first and last name and email address; your organisation, user type (for example brand user, design team member, factory or manufacturer user), teams, roles, permissions, assigned sites and facilities; the plan your organisation subscribes to; and preferences you save in the Hub, such as favourite pages.",
        ),
        h3("Credentials"),
        p(
          "Your password, which is stored only as a salted hash and never in readable form; one-time confirmation and password-reset codes, which are also stored only as hashes and expire (sign-up codes after 24 hours, password-reset codes after 60 minutes); records of failed sign-in attempts, used to slow down password guessing; and your sign-in sessions.",
        ),
        h3("Login audit records"),
        p(
          'Every time you sign in successfully, a login audit record is created containing the date and time of sign-in, your username, the application you signed in to and the public IP address of your device or network. Your browser obtains that address from the Hub\'s own address service just after you sign in; if that fails, the record says "unknown".',
        ),
        h3("Usage and technical data"),
        p(
          "When your browser or integration communicates with the Hub, our servers record technical information, including the IP address, date and time, the page or API endpoint requested, the response and its timing, browser type and error details. We use this to run, secure and troubleshoot the Hub.",
        ),
        h3("Files and content you upload"),
        p(
          'Tech packs, designs, artwork, print files, images, specifications, supplier details, inventory, orders and shipping details may contain personal data, for example the name of the designer who created a tech pack, the names and addresses of recipients of shipped orders, or the user who scanned a tote on the factory floor. Customer organisations control this data (see "Our role" above).',
        ),
        h3("Billing data"),
        p(
          "Your organisation's billing contact, company name and address, tax identifiers, plan, invoices and payment history. Card and bank details are entered directly on our payment provider's secure form and are held by the payment provider. The Hub never receives or stores full card numbers or security codes; we only receive a reference to the payment method, its type, the last four digits, the expiry date and whether payments succeeded.",
        ),
        h3("Communications"),
        p(
          "Emails we send you (such as confirmation codes and service notices) and the content of any support requests or other correspondence you send us.",
        ),
        p(
          "The Hub is not designed to hold special categories of personal data, such as health information, and we ask customers not to upload it.",
        ),
      ],
    },
    {
      id: "purposes-and-legal-bases",
      title: "How we use personal data and our legal bases",
      blocks: [
        p(
          "We use personal data only for the purposes below. Where data protection law such as the GDPR or the UK GDPR applies, we rely on the legal basis shown for each purpose.",
        ),
        dl(
          {
            term: "Providing the Hub",
            definition:
              "Creating and managing accounts, signing you in, keeping you signed in, showing you the data and features your organisation allows, and processing customer data as instructed. Legal basis: performance of our contract with your organisation, and our legitimate interest in providing the service that its users need.",
          },
          {
            term: "Sending service emails",
            definition:
              "Confirmation codes, password-reset codes, invitations and notices about your account, security, maintenance or changes to our policies. Legal basis: performance of contract and legitimate interests. These emails are part of the service and cannot be switched off while you have an account.",
          },
          {
            term: "Security and fraud prevention",
            definition:
              "Keeping login audit records, limiting repeated failed sign-ins, detecting and investigating suspicious activity, misuse of the Acceptable Use Policy and security incidents. Legal basis: our legitimate interests, and our customers', in protecting accounts and confidential designs.",
          },
          {
            term: "Billing and subscriptions",
            definition:
              "Managing plans and user limits, taking payments through the payment provider, issuing invoices and collecting overdue amounts. Legal basis: performance of contract; keeping accounting records is a legal obligation.",
          },
          {
            term: "Support",
            definition:
              "Answering your questions and resolving problems, including viewing the relevant records at your request. Legal basis: performance of contract and legitimate interests.",
          },
          {
            term: "Improving the Hub",
            definition:
              "Analysing usage in aggregated form, for example which features are used and how long pages take to load. Legal basis: legitimate interests. We do not use customer designs to train machine learning models.",
          },
          {
            term: "Legal compliance",
            definition:
              "Complying with laws, responding to lawful requests from authorities and establishing, exercising or defending legal claims. Legal basis: legal obligation and legitimate interests.",
          },
          {
            term: "Product news",
            definition:
              "We only send marketing emails where the law allows it or with your consent, and every such email includes a way to unsubscribe. Legal basis: consent or legitimate interests, as applicable.",
          },
        ),
        p(
          "We do not sell personal data, do not share it for cross-context behavioural advertising and do not make decisions about you based solely on automated processing that have legal or similarly significant effects.",
        ),
      ],
    },
    {
      id: "sharing",
      title: "Who we share personal data with",
      blocks: [
        ul(
          "Your own organisation: its administrators can see its users' accounts and activity in the Hub, and may be given login audit records for security review.",
          "Connected organisations: when a brand shares tech packs or orders with a facility, or a facility updates an order, the other organisation sees the shared records, which can include the names of the users who created or updated them.",
          "Sub-processors: service providers that process personal data on our behalf (see the next section).",
          "Professional advisers, such as lawyers, auditors and insurers, under a duty of confidentiality.",
          "Authorities, where we are required by law, or to protect the rights, property or safety of our users or others.",
          "A buyer or successor, if we are involved in a merger, acquisition or sale of assets, subject to this policy.",
        ),
      ],
    },
    {
      id: "sub-processors",
      title: "Sub-processors",
      blocks: [
        p(
          "We use a limited number of carefully selected service providers. Each is bound by a written contract that requires it to process personal data only on our instructions and to protect it appropriately.",
        ),
        dl(
          {
            term: "Cloud hosting and storage",
            definition: "Servers, databases, file storage for uploaded files, and backups.",
          },
          {
            term: "Identity service",
            definition: "User sign-in, password hashing and verification, sessions, and confirmation and reset codes.",
          },
          {
            term: "Email delivery",
            definition: "Sending confirmation codes, invitations and service emails.",
          },
          {
            term: "Payment provider",
            definition: "Collecting and storing payment details and processing subscription payments.",
          },
        ),
        p(
          "Customers can request the current list of named sub-processors and where they process data. We will notify customers at least 30 days before a new sub-processor starts processing customer data, so that they can object on reasonable data protection grounds.",
        ),
      ],
    },
    {
      id: "international-transfers",
      title: "International transfers",
      blocks: [
        p(
          "Brands and factories using the Hub are often in different countries, and our sub-processors may process data outside the country in which you are located. Where personal data is transferred from the European Economic Area, the United Kingdom or Switzerland to a country that is not recognised as providing adequate protection, we use appropriate safeguards such as the European Commission's standard contractual clauses and the UK International Data Transfer Addendum, together with additional measures where needed. Where an order form specifies a hosting region, customer data is stored in that region.",
        ),
        p(
          "When a brand shares data with a facility in another country, that transfer is made on the brand's instructions as controller.",
        ),
      ],
    },
    {
      id: "retention",
      title: "How long we keep personal data",
      blocks: [
        ul(
          "Account and profile data: for as long as the account exists. When a user is removed by their organisation, or the organisation's agreement ends, it is deleted in line with the timetable below, except where records such as order histories must keep the name of the person who acted.",
          "Login audit records: 24 months after sign-in, then deleted.",
          "Server and security logs: 90 days, unless they are needed to investigate a specific incident.",
          "Confirmation and reset codes: until used or expired (24 hours for sign-up codes, 60 minutes for reset codes), then they can no longer be used and are removed.",
          "Customer data: for the duration of the customer's subscription. After it ends, the customer has 30 days to export it, it is deleted from live systems within the following 60 days and it is removed from backups within a further 35 days, as described in the Terms and Conditions.",
          "Billing records: for as long as tax and accounting laws require, usually between 6 and 10 years depending on the country.",
          "Support correspondence: 3 years after the request is closed.",
        ),
      ],
    },
    {
      id: "security",
      title: "How we protect personal data",
      blocks: [
        ul(
          "Passwords are hashed with a salted, memory-hard algorithm (Argon2id) before they are stored, so they cannot be read back, even by us.",
          "All traffic between your browser or integration and the Hub is encrypted in transit using TLS. Stored data and backups are encrypted at rest by our cloud hosting provider.",
          "Each organisation's data is separated by access controls that are checked on the server for every request, not just hidden in the interface.",
          "Repeated failed sign-in attempts are limited, confirmation codes can only be attempted a limited number of times and expire, and every successful sign-in is recorded in the login audit.",
          "Our staff have access to production systems on a least-privilege basis. Access is logged and is used only for support, security and operations.",
          "We keep tested backups and have an incident response procedure. If a personal data breach affects you or your organisation, we will notify the affected customer without undue delay and, where the law requires, the relevant authorities and individuals.",
        ),
        p(
          "No system is perfectly secure. You can help by using a strong, unique password, not sharing your credentials and signing out on shared computers.",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        p("Depending on where you are, you may have the right to:"),
        ul(
          [b("Access"), ": get a copy of the personal data we hold about you;"],
          [b("Rectification"), ": have inaccurate or incomplete data corrected;"],
          [b("Erasure"), ": have your data deleted where there is no longer a valid reason to keep it;"],
          [b("Restriction"), ": ask us to limit how we use your data while a concern is being resolved;"],
          [
            b("Portability"),
            ": receive the data you provided to us in a structured, machine-readable format, or have it transferred to another provider;",
          ],
          [
            b("Objection"),
            ": object to processing based on our legitimate interests, and object at any time to direct marketing;",
          ],
          [
            b("Withdrawal of consent"),
            ": where we rely on consent, withdraw it at any time, without affecting earlier processing;",
          ],
          [b("Complaint"), ": lodge a complaint with your data protection supervisory authority."],
        ),
        p(
          "You can update much of your profile yourself in the Hub. To exercise any other right, contact us as described below. We may need to verify your identity first, and we will respond within one month (this can be extended by two months for complex requests, in which case we will tell you). Where we process data as a processor for a customer organisation, we will pass your request to that organisation and help it to respond.",
        ),
      ],
    },
    {
      id: "cookies-and-local-storage",
      title: "Cookies and local storage",
      blocks: [
        p(
          "The Hub does not use advertising cookies, third-party tracking or cross-site analytics. Instead of cookies, the web app uses your browser's local storage for two things that are strictly necessary for the service you request:",
        ),
        ul(
          [
            b("Your session"),
            ": your username and the sign-in tokens that keep you signed in. The access token is valid for a short period (one hour by default) and is renewed automatically with a refresh token that expires after a maximum of 30 days by default.",
          ],
          [b("Your display settings"), ": layout, colour scheme and tech pack navigation style."],
        ),
        p(
          "Signing out clears the Hub's local storage in that browser and ends your session on our servers. This data stays on your device and is only sent to the Hub to authenticate your requests. Because it is strictly necessary, it does not require consent, but you can clear it at any time in your browser settings (you will then be signed out). If you use a shared computer, always sign out when you have finished.",
        ),
      ],
    },
    {
      id: "children",
      title: "Children",
      blocks: [
        p(
          "The Hub is a business service for people acting in their work. It is not directed at children, and we do not knowingly collect personal data from anyone under 16.",
        ),
      ],
    },
    {
      id: "changes-to-this-policy",
      title: "Changes to this policy",
      blocks: [
        p(
          "We will update this policy when our practices change. Each version is published here with its version number and effective date. If we make material changes, we will notify account administrators by email or through a notice in the Hub before they take effect.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        p(
          "For privacy questions or to exercise your rights, contact the privacy contact stated in your organisation's order form, or ask your organisation's Hub administrator to pass on your request. If your details were entered into the Hub by one of our customers, for example as the recipient of a shipment, please contact that customer first. We will answer every request that reaches us.",
        ),
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Acceptable Use Policy
// ---------------------------------------------------------------------------------------------

export const ACCEPTABLE_USE_POLICY: PolicyDocument = {
  path: POLICY_PATHS.acceptableUse,
  title: "Acceptable Use Policy",
  effectiveDate: POLICY_EFFECTIVE_DATE,
  effectiveDateIso: POLICY_EFFECTIVE_DATE_ISO,
  version: POLICY_VERSION,
  summary:
    "The Hub holds the unreleased designs and production data of many competing brands and factories. These rules keep that data safe and the service fair and available to everyone. They apply to every user and every integration.",
  sections: [
    {
      id: "scope",
      title: "Scope",
      blocks: [
        p(
          "This Acceptable Use Policy applies to everyone who uses the Hub, whether through the web app, the API or an integration, and forms part of our ",
          TERMS_LINK,
          ". Each customer organisation is responsible for making sure that its authorised users and integrations comply with it. Capitalised terms have the meanings given in the Terms and Conditions.",
        ),
      ],
    },
    {
      id: "accounts-and-credentials",
      title: "Accounts and credentials",
      blocks: [
        ul(
          "One person, one username. Do not share your username, password or confirmation codes with anyone, including colleagues.",
          "Do not use shared or generic accounts (such as one login for a whole design team or factory shift) to stay within your plan's user limit. If you need more users, upgrade your plan or add users.",
          "Shared devices are allowed, for example a tote-scanning station on the factory floor, provided that each person signs in with their own username and signs out at the end of their session.",
          "Do not try to guess, collect or reuse other people's passwords or codes, or to create accounts for other people without their knowledge.",
          "Administrators should remove users who leave the organisation promptly and give each user only the permissions they need.",
        ),
      ],
    },
    {
      id: "other-organisations-data",
      title: "Other organisations' data",
      blocks: [
        p(
          "Brands and facilities trust the Hub with unreleased designs. You must not access, or attempt to access, data belonging to an organisation that has not shared it with you. In particular, do not:",
        ),
        ul(
          "change identifiers in addresses, API requests or exported files to reach records that are not yours;",
          "use another person's session, token or API key;",
          "use a connection with a brand or facility to collect information beyond what it has shared for your work together;",
          "copy, photograph or pass on another organisation's tech packs, designs or print files except as its instructions allow.",
        ),
        p(
          "If you can see data that you believe was not meant for you, stop, do not copy or share it, and report it to us as described below.",
        ),
      ],
    },
    {
      id: "content-you-upload",
      title: "Content you upload",
      blocks: [
        p("Do not upload, store or share through the Hub anything that:"),
        ul(
          "contains viruses, malware, ransomware, macros or scripts designed to cause harm, or files disguised as another type;",
          "infringes another person's intellectual property, such as copies of another brand's designs, counterfeit goods, or logos, trademarks, artwork or fonts you do not have the right to use;",
          "is unlawful, defamatory, harassing or obscene, or promotes violence or discrimination;",
          "contains personal data you have no lawful basis to share, or special categories of personal data such as health data;",
          "contains payment card numbers or passwords in tech packs, notes or files (payments are handled only through the payment provider).",
        ),
      ],
    },
    {
      id: "automated-access",
      title: "Scraping and automated access",
      blocks: [
        ul(
          "Do not scrape, crawl or harvest the web app, whether with bots, browser automation, screen-scraping tools or scripts. Use the export features or the API instead.",
          "Do not automate sign-in through the web app's screens or send automated requests to the sign-in, confirmation code or password reset functions.",
          "Do not use the Hub, or data obtained from it, to build or benchmark a competing product, or to compile a dataset of designs or suppliers.",
        ),
      ],
    },
    {
      id: "api-rules",
      title: "API keys and rate limits",
      blocks: [
        ul(
          "API keys are created by your organisation's administrators for a specific integration. Use a separate key for each integration, so that one can be revoked without affecting the others.",
          "Keep keys secret. Do not put them in browser or mobile app code, in shared documents or in source code repositories, or send them by email or chat. Store them in a secrets manager or in protected server configuration.",
          "If a key may have been exposed, revoke it and create a new one immediately, and let us know if you see activity you do not recognise.",
          "Respect the rate limits in the API documentation or your order form. When the API returns HTTP 429 (too many requests), wait as long as the Retry-After header says before trying again, and back off exponentially if errors continue.",
          "Do not use multiple keys, accounts or IP addresses to get around rate limits or plan limits, and do not send bursts of parallel requests to work around them. Ask us if your integration needs higher limits.",
          "Use keys only for your own organisation's data and the purposes of your integration. Keys may not be sold, sublicensed or given to third parties, except to a service provider that runs the integration for you and is bound by this policy.",
        ),
      ],
    },
    {
      id: "security-and-integrity",
      title: "Security and integrity of the service",
      blocks: [
        ul(
          "Do not reverse engineer, decompile, disassemble or try to extract the source code of the Hub, except to the extent that the law expressly permits it despite this restriction.",
          "Do not bypass or try to bypass authentication, access controls, plan limits, user limits or any other security or usage restriction.",
          "Do not probe, scan or test the Hub for vulnerabilities, or run load or performance tests against it, except as allowed in the section on reporting vulnerabilities below or with our prior written permission.",
          "Do not interfere with or disrupt the Hub, for example by denial-of-service attacks, flooding, or by sending malformed or excessive requests.",
          "Do not copy, frame or mirror the Hub, or remove or hide any notices of ownership in it.",
        ),
      ],
    },
    {
      id: "lawful-and-fair-use",
      title: "Lawful and fair use",
      blocks: [
        ul(
          "Do not use the Hub for anything unlawful, fraudulent or deceptive, including placing fake orders or misrepresenting who you are or who you act for.",
          "Do not use the Hub's emails, invitations or notifications to send spam or unsolicited messages.",
          "Do not resell, rent or provide the Hub to third parties as a service unless your order form allows it.",
          "Comply with export control and sanctions laws, and do not use the Hub in connection with forced or child labour.",
        ),
      ],
    },
    {
      id: "reporting-vulnerabilities",
      title: "Reporting vulnerabilities",
      blocks: [
        p(
          "We welcome reports from users and security researchers. If you believe you have found a security vulnerability in the Hub, report it to the security contact stated in your order form or ask your organisation's Hub administrator to pass it on, including a description of the issue, the steps to reproduce it and its impact as you understand it.",
        ),
        p("We will not take legal action against you for research that is carried out in good faith and that:"),
        ul(
          "uses only your own accounts and test data, or accounts whose owners have given explicit permission;",
          "accesses other organisations' data only as much as is needed to demonstrate the problem, and does not keep, copy or disclose it;",
          "does not degrade the service for others (no denial-of-service, spam or social engineering of our staff or customers); and",
          "gives us reasonable time to fix the issue (90 days unless we agree otherwise) before anything is made public.",
        ),
        p(
          "We will acknowledge your report within three business days and keep you informed of the progress we make in dealing with it.",
        ),
      ],
    },
    {
      id: "reporting-abuse",
      title: "Reporting abuse and infringement",
      blocks: [
        p(
          "If you believe that content in the Hub infringes your rights, for example that a tech pack copies your design, or that someone is breaching this policy, contact us with details of the content, the rights concerned and your contact information. We will review the report, may forward it to the customer concerned and will take appropriate action. The customer may respond, and we will take its response into account.",
        ),
      ],
    },
    {
      id: "enforcement",
      title: "Enforcement",
      blocks: [
        p(
          "We may investigate suspected breaches of this policy, using login audit records, logs and other information available to us. Depending on the severity, we may take one or more of the following actions:",
        ),
        ul(
          "warn the user or the organisation's administrators;",
          "remove or disable access to offending content;",
          "revoke API keys or reduce their rate limits;",
          "require password resets, or suspend individual users;",
          "suspend the organisation's access as described in the Terms and Conditions;",
          "terminate the agreement for material breach, and report unlawful activity to the authorities.",
        ),
        p(
          "Our response will be proportionate, and we will notify the organisation concerned unless that is prohibited by law or would put the Hub or other customers at risk. Failure to act on a breach does not mean we accept it.",
        ),
      ],
    },
    {
      id: "changes-and-contact",
      title: "Changes and contact",
      blocks: [
        p(
          "We may update this policy as the Hub and the risks it faces change. We will publish each version here with its version number and effective date, and give notice of material changes as described in the Terms and Conditions. For questions about this policy, contact the address stated in your order form or ask your organisation's Hub administrator. See also our ",
          PRIVACY_LINK,
          ".",
        ),
      ],
    },
  ],
};
