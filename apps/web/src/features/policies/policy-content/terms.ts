import {
  AUP_LINK,
  b,
  dl,
  h3,
  POLICY_EFFECTIVE_DATE,
  POLICY_EFFECTIVE_DATE_ISO,
  POLICY_PATHS,
  POLICY_VERSION,
  type PolicyDocument,
  PRIVACY_LINK,
  p,
  ul,
} from "./document";

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
