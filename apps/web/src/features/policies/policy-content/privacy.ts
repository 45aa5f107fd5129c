import {
  b,
  dl,
  h3,
  POLICY_EFFECTIVE_DATE,
  POLICY_EFFECTIVE_DATE_ISO,
  POLICY_PATHS,
  POLICY_VERSION,
  type PolicyDocument,
  p,
  TERMS_LINK,
  ul,
} from "./document";

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
