// A bench script's `--name=value` and `--switch` arguments as an object ({ name: 'value', switch: true }).
export function readFlags(args = process.argv.slice(2)) {
  return Object.fromEntries(
    args.map((arg) => {
      const [key, value] = arg.replace(/^--/, '').split('=');
      return [key, value ?? true];
    }),
  );
}
