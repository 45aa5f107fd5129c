import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { IconButton, InputAdornment } from "@mui/material";
import { forwardRef, useState } from "react";
import { TextInput, type TextInputProps } from "../../components/text-input";

/** A password field with a show/hide toggle, hidden by default. */
export const PasswordField = forwardRef<HTMLInputElement, TextInputProps>(function PasswordField(props, ref) {
  const [show, setShow] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={show ? "text" : "password"}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={show ? "Hide password" : "Show password"}
            onClick={() => setShow((s) => !s)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
          >
            {show ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
