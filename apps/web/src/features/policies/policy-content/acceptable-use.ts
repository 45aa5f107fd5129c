import {
  POLICY_EFFECTIVE_DATE,
  POLICY_EFFECTIVE_DATE_ISO,
  POLICY_PATHS,
  POLICY_VERSION,
  type PolicyDocument,
  PRIVACY_LINK,
  p,
  TERMS_LINK,
  ul,
} from "./document";

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
