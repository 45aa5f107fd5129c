/** Texts the spec fixes word for word (sections 2.1, 5, 8). */
export const MESSAGES = {
  somethingWentWrong: "Something went wrong",
  databaseUnavailable: "The Hub cannot reach its database right now. Try again in a moment.",
  usernameRequired: "Username is required",
  passwordRequired: "Please enter your password",
  confirmCodeRequired: "Please enter your confirmation code",
  incorrectCredentials: "Username or password is incorrect.",
  tryAgain: "An error occurred. Please try again.",
  codeResent: "Code was resent!",
  confirmIntro: "Let's finish confirming your email",
  confirmSentTo: (destination: string) => `A confirmation code was sent to ${destination}`,
  confirmEnterBelow: "Please enter the code below",
  resetSuccess: "Reset was successful! Please sign in with your new password.",
  newPasswordSuccess: "Success! Please sign in with your new password.",
  notAuthenticated: "User is not authenticated",
  comingSoonTitle: "Coming Soon",
  comingSoonText: "Something Exciting Is On Its Way!",
} as const;
