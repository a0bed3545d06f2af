package sitio

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/internal/programa"
)

// Las cuentas. Una persona se da de alta con un nombre y una contraseña
// (resumida con Argon2id) o entra como invitado (un nombre al azar, sin
// contraseña: nadie más puede entrar con él). Entrar abre una sesión: una
// ficha al azar de 32 bytes que viaja en una cookie HttpOnly, SameSite=Strict
// (y Secure con TLS), de la que el almacén guarda solo el resumen SHA-256,
// con vencimiento; salir la borra. Cada pedido que cambia algo lleva además
// la ficha CSRF de la sesión en la cabecera X-CSRF (la página la recibe al
// entrar y en /api/yo), viene del mismo origen y en JSON.

// Errores de las cuentas.
var (
	ErrNombreReservado = errors.New("ese nombre está reservado (los que empiezan con «Bot» son de los bots; «Invitado», de los invitados)")
	ErrNombreConfuso   = errors.New("el nombre mezcla alfabetos o tiene caracteres invisibles o que no son letras")
	ErrContrasena      = errors.New("la contraseña debe tener entre 8 y 256 caracteres")
	ErrCredenciales    = errors.New("nombre o contraseña incorrectos")
	ErrSinSesion       = errors.New("sesión inválida o vencida: vuelva a entrar")
	ErrOrigen          = errors.New("pedido rechazado: no viene de esta página (origen, tipo de contenido o ficha CSRF)")
	ErrOcupado         = errors.New("el servidor está ocupado: intente de nuevo en un momento")
)

// nombreSesion es el nombre de la cookie de sesión.
const nombreSesion = "sesion"

// normalizarNombre lleva un nombre a su forma de mostrar (perfil Nickname
// de PRECIS, RFC 8266: NFKC, espacios unificados y sin repetir) y calcula su
// clave: la forma con que se comparan, en la que los nombres que se
// confunden a la vista coinciden. Rechaza los nombres vacíos o largos, los
// que tienen caracteres de control, de formato (invisibles, como el espacio
// de ancho cero o el cambio de dirección), símbolos, o letras de dos
// alfabetos (una «а» cirílica en un nombre latino), y los reservados: los
// que por su clave empiezan con «bot» (también «Bоt» o «B0t») o con
// «invitado» o «guest».
func normalizarNombre(s string) (nombre, clave string, err error) {
	if !utf8.ValidString(s) || len(s) > 4*almacen.MaxNombre {
		return "", "", fmt.Errorf("%w: no es texto válido o es demasiado largo", almacen.ErrNombreInvalido)
	}
	for _, r := range s {
		if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) || r == utf8.RuneError {
			return "", "", fmt.Errorf("%w: %U", ErrNombreConfuso, r)
		}
	}
	nombre, err = precis.Nickname.String(s)
	if err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrNombreConfuso, err)
	}
	if err := almacen.ValidarNombre(nombre); err != nil {
		return "", "", err
	}
	if err := unSoloAlfabeto(nombre); err != nil {
		return "", "", err
	}
	clave = esqueleto(nombre)
	for _, reservado := range []string{"bot", "invitado", "guest"} {
		if strings.HasPrefix(clave, esqueleto(reservado)) {
			return "", "", ErrNombreReservado
		}
	}
	return nombre, clave, nil
}

// unSoloAlfabeto rechaza los nombres con caracteres que no son letras,
// marcas, cifras, espacios o - _ . ' ’, y los que mezclan alfabetos (salvo
// los del japonés y el coreano, que se escriben juntos).
func unSoloAlfabeto(s string) error {
	var alfabeto string
	for _, r := range s {
		switch {
		case unicode.IsLetter(r), unicode.IsMark(r), unicode.IsDigit(r):
		case r == ' ' || strings.ContainsRune("-_.'’", r):
			continue
		default:
			return fmt.Errorf("%w: %q", ErrNombreConfuso, r)
		}
		a := alfabetoDe(r)
		switch a {
		case "Common", "Inherited":
			continue
		case "Hiragana", "Katakana", "Hangul":
			a = "Han"
		}
		if alfabeto == "" {
			alfabeto = a
		} else if a != alfabeto {
			return fmt.Errorf("%w: mezcla %s y %s", ErrNombreConfuso, alfabeto, a)
		}
	}
	return nil
}

// alfabetoDe devuelve el nombre Unicode del alfabeto de r.
func alfabetoDe(r rune) string {
	for _, a := range []string{"Latin", "Cyrillic", "Greek"} { // los más comunes primero
		if unicode.Is(unicode.Scripts[a], r) {
			return a
		}
	}
	for nombre, tabla := range unicode.Scripts {
		if unicode.Is(tabla, r) {
			return nombre
		}
	}
	return "Unknown"
}

// parecidas lleva las letras y cifras que se confunden con una latina a
// esa latina.
var parecidas = strings.NewReplacer(
	// cirílicas
	"а", "a", "в", "b", "ь", "b", "е", "e", "ё", "e", "о", "o", "р", "p", "с", "c", "у", "y", "х", "x", "к", "k",
	"м", "m", "н", "h", "т", "t", "і", "i", "ї", "i", "ј", "j", "ѕ", "s", "ԁ", "d", "ԛ", "q", "ԝ", "w", "г", "r", "п", "n",
	// griegas
	"α", "a", "β", "b", "ε", "e", "η", "n", "ι", "i", "κ", "k", "ν", "v", "ο", "o", "ρ", "p", "τ", "t", "υ", "u",
	"χ", "x", "γ", "y", "ω", "w", "μ", "u", "ς", "c", "σ", "o",
	// latinas y cifras
	"ı", "i", "ɡ", "g", "ł", "l", "ø", "o", "đ", "d", "ß", "ss", "0", "o", "1", "i", "l", "i", "|", "i", "3", "e",
	"5", "s", "rn", "m", "vv", "w",
	// separadores
	"_", " ", "-", " ", ".", " ", "'", "", "’", "",
)

// esqueleto es la clave de un nombre: en minúsculas (cases.Fold), sin
// tildes ni marcas, con las letras parecidas llevadas a una sola
// (parecidas) y los espacios unificados.
func esqueleto(s string) string {
	s = cases.Fold().String(s)
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.IsMark(r) {
			b.WriteRune(r)
		}
	}
	s = parecidas.Replace(b.String())
	return strings.Join(strings.Fields(s), " ")
}

// Parámetros de Argon2id (la recomendación de OWASP: 19 MiB, 2 pasadas, un
// hilo).
const (
	argonMemoria  = 19 * 1024
	argonPasadas  = 2
	argonHilos    = 1
	argonLargo    = 32
	argonSal      = 16
	minContrasena = 8
	maxContrasena = 256
)

// resumirContrasena devuelve el resumen Argon2id de la contraseña en el
// formato PHC.
func resumirContrasena(contrasena string) (string, error) {
	sal := make([]byte, argonSal)
	if _, err := rand.Read(sal); err != nil {
		return "", err
	}
	r := argon2.IDKey([]byte(contrasena), sal, argonPasadas, argonMemoria, argonHilos, argonLargo)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoria, argonPasadas, argonHilos,
		base64.RawStdEncoding.EncodeToString(sal), base64.RawStdEncoding.EncodeToString(r)), nil
}

// verificarContrasena informa si contrasena es la del resumen (con los
// parámetros que diga el resumen, acotados).
func verificarContrasena(resumen, contrasena string) bool {
	partes := strings.Split(resumen, "$")
	if len(partes) != 6 || partes[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(partes[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 256*1024 || t > 16 || p == 0 || p > 8 {
		return false
	}
	sal, err1 := base64.RawStdEncoding.DecodeString(partes[4])
	esperado, err2 := base64.RawStdEncoding.DecodeString(partes[5])
	if err1 != nil || err2 != nil || len(esperado) == 0 || len(esperado) > 64 {
		return false
	}
	r := argon2.IDKey([]byte(contrasena), sal, t, m, p, uint32(len(esperado)))
	return subtle.ConstantTimeCompare(r, esperado) == 1
}

// resumenFalso sirve para gastar lo mismo al entrar con un nombre que no
// existe que con uno que existe.
var resumenFalso, _ = resumirContrasena("contraseña que nadie tiene")

// normalizarContrasena aplica el perfil OpaqueString de PRECIS (NFC, los
// espacios unificados) y el largo.
func normalizarContrasena(s string) (string, error) {
	if len(s) > 4*maxContrasena {
		return "", ErrContrasena
	}
	c, err := precis.OpaqueString.String(s)
	if err != nil {
		return "", fmt.Errorf("%w (%v)", ErrContrasena, err)
	}
	if n := utf8.RuneCountInString(c); n < minContrasena || n > maxContrasena {
		return "", ErrContrasena
	}
	return c, nil
}

// conArgon corre f con uno de los lugares para calcular Argon2id (cada uno
// reserva 19 MiB): a lo sumo Opciones.Argon a la vez; si no hay lugar en
// 5 s, ErrOcupado.
func (s *Sala) conArgon(ctx context.Context, f func()) error {
	ctx, cancelar := context.WithTimeout(ctx, 5*time.Second)
	defer cancelar()
	select {
	case s.argon <- struct{}{}:
		defer func() { <-s.argon }()
		f()
		return nil
	case <-ctx.Done():
		return ErrOcupado
	}
}

// sesionAbierta es lo que sabe la sala de quien hace un pedido.
type sesionAbierta struct {
	jugador almacen.Jugador
	resumen []byte
	csrf    string
	cookie  bool      // la ficha vino en la cookie (y no en Authorization)
	vence   time.Time // cuándo vence la sesión
}

// fichaNueva devuelve una ficha al azar de 32 bytes y su resumen.
func fichaNueva() (string, []byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, err
	}
	f := base64.RawURLEncoding.EncodeToString(b)
	return f, resumirFicha(f), nil
}

func resumirFicha(f string) []byte {
	h := sha256.Sum256([]byte(f))
	return h[:]
}

// csrfDe es la ficha CSRF de la sesión de ese resumen.
func (s *Sala) csrfDe(resumen []byte) string {
	m := hmac.New(sha256.New, s.clave)
	m.Write([]byte("csrf"))
	m.Write(resumen)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// abrirSesion abre una sesión para j, pone la cookie y devuelve la
// respuesta para la página.
func (s *Sala) abrirSesion(ctx context.Context, w http.ResponseWriter, r *http.Request, j almacen.Jugador, invitado bool) (any, error) {
	ficha, resumen, err := fichaNueva()
	if err != nil {
		return nil, err
	}
	ahora := time.Now()
	if err := s.almacen.CrearSesion(ctx, almacen.Sesion{Resumen: resumen, Jugador: j.ID, Creada: ahora, Vence: ahora.Add(s.op.VidaSesion)}); err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{Name: nombreSesion, Value: ficha, Path: "/", HttpOnly: true, Secure: r.TLS != nil,
		SameSite: http.SameSiteStrictMode, Expires: ahora.Add(s.op.VidaSesion)})
	return map[string]any{"jugador": j.ID, "nombre": j.Nombre, "csrf": s.csrfDe(resumen), "invitado": invitado,
		"vence": ahora.Add(s.op.VidaSesion).UTC().Format(time.RFC3339)}, nil
}

// sesionDe devuelve la sesión del pedido: la ficha de la cookie o de
// Authorization: Bearer (la de los programas). Error: ErrSinSesion.
func (s *Sala) sesionDe(ctx context.Context, r *http.Request) (sesionAbierta, error) {
	ficha, porCookie := "", false
	if f, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		ficha = f
	} else if c, err := r.Cookie(nombreSesion); err == nil {
		ficha, porCookie = c.Value, true
	}
	if ficha == "" || len(ficha) > 64 {
		return sesionAbierta{}, ErrSinSesion
	}
	resumen := resumirFicha(ficha)
	se, err := s.almacen.Sesion(ctx, resumen, time.Now())
	if errors.Is(err, almacen.ErrSesionInexistente) {
		return sesionAbierta{}, ErrSinSesion
	}
	if err != nil {
		return sesionAbierta{}, err
	}
	j, err := s.jugadorPorID(ctx, se.Jugador)
	if err != nil {
		return sesionAbierta{}, err
	}
	return sesionAbierta{jugador: j, resumen: resumen, csrf: s.csrfDe(resumen), cookie: porCookie, vence: se.Vence}, nil
}

// credenciales es lo que envía la página para darse de alta o entrar.
type credenciales struct {
	Nombre     string `json:"nombre"`
	Contrasena string `json:"contrasena"`
	Idioma     string `json:"idioma,omitempty"`
}

// Alta crea la cuenta de nombre con esa contraseña. Errores:
// almacen.ErrNombreInvalido, ErrNombreConfuso, ErrNombreReservado,
// ErrContrasena, almacen.ErrNombreRepetido, ErrOcupado.
func (s *Sala) Alta(ctx context.Context, c credenciales) (almacen.Jugador, error) {
	nombre, clave, err := normalizarNombre(c.Nombre)
	if err != nil {
		return almacen.Jugador{}, err
	}
	contrasena, err := normalizarContrasena(c.Contrasena)
	if err != nil {
		return almacen.Jugador{}, err
	}
	var resumen string
	if err := s.conArgon(ctx, func() { resumen, err = resumirContrasena(contrasena) }); err != nil {
		return almacen.Jugador{}, err
	}
	if err != nil {
		return almacen.Jugador{}, err
	}
	j, _, err := s.almacen.CrearCuenta(ctx, nombre, idiomaValido(c.Idioma), almacen.Cuenta{Clave: clave, Resumen: resumen})
	return j, err
}

// Entrar verifica el nombre y la contraseña. Error: ErrCredenciales (el
// mismo si el nombre no existe, si es un invitado o si la contraseña no
// es), ErrOcupado, ErrDemasiados (demasiados intentos fallidos con la
// misma cuenta, de cualquier dirección: ver intentosPorCuenta).
func (s *Sala) Entrar(ctx context.Context, c credenciales) (almacen.Jugador, error) {
	return s.entrarDesde(ctx, c, "")
}

// entrarDesde es Entrar para un pedido desde la dirección dir (la clave de
// direccionDe; "" si no se sabe): una dirección desde la que ya se entró a
// la cuenta no se frena por los intentos fallidos de otras.
func (s *Sala) entrarDesde(ctx context.Context, c credenciales, dir string) (almacen.Jugador, error) {
	_, clave, errNombre := normalizarNombre(c.Nombre)
	if errNombre == nil && !s.porCuenta.permitir(clave, dir) {
		return almacen.Jugador{}, ErrDemasiados // muchos intentos fallidos con esa cuenta, desde donde sea
	}
	contrasena, errContrasena := normalizarContrasena(c.Contrasena)
	cuenta, err := s.almacen.CuentaPorClave(ctx, clave)
	if err != nil && !errors.Is(err, almacen.ErrJugadorInexistente) {
		return almacen.Jugador{}, err
	}
	resumen := resumenFalso
	if err == nil && !cuenta.Invitado {
		resumen = cuenta.Resumen
	}
	ok := false
	if err := s.conArgon(ctx, func() { ok = verificarContrasena(resumen, contrasena) }); err != nil {
		return almacen.Jugador{}, err
	}
	fallo := !ok || err != nil || errNombre != nil || errContrasena != nil || cuenta.Invitado
	if errNombre == nil {
		s.porCuenta.anotar(clave, dir, fallo)
	}
	if fallo {
		return almacen.Jugador{}, ErrCredenciales
	}
	return s.jugadorPorID(ctx, cuenta.Jugador)
}

// Invitado crea un jugador invitado con un nombre al azar
// ("Invitado 7KQ2XM"), sin contraseña.
func (s *Sala) Invitado(ctx context.Context, idioma string) (almacen.Jugador, error) {
	const letras = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
	for range 5 {
		b := make([]byte, 6)
		if _, err := rand.Read(b); err != nil {
			return almacen.Jugador{}, err
		}
		for i := range b {
			b[i] = letras[int(b[i])%len(letras)]
		}
		nombre := "Invitado " + string(b)
		if idioma == "en" {
			nombre = "Guest " + string(b)
		}
		j, _, err := s.almacen.CrearCuenta(ctx, nombre, idiomaValido(idioma), almacen.Cuenta{Clave: esqueleto(nombre)})
		if !errors.Is(err, almacen.ErrNombreRepetido) {
			return j, err
		}
	}
	return almacen.Jugador{}, ErrOcupado
}

// Salir revoca la sesión: la borra del almacén y cierra sus WebSocket
// abiertos en todos los procesos web (revocarEnTodos).
func (s *Sala) Salir(ctx context.Context, se sesionAbierta) error {
	if err := s.almacen.BorrarSesion(ctx, se.resumen); err != nil {
		return err
	}
	s.revocarEnTodos(se.resumen)
	return nil
}

func idiomaValido(s string) string {
	if s == "en" {
		return "en"
	}
	return "es"
}

// jugadorPorID devuelve el jugador id, de la memoria si ya se leyó (los
// jugadores no cambian).
func (s *Sala) jugadorPorID(ctx context.Context, id int64) (almacen.Jugador, error) {
	s.mu.Lock()
	j, ok := s.perfiles[id]
	s.mu.Unlock()
	if ok {
		return j, nil
	}
	j, err := s.almacen.Jugador(ctx, id)
	if err != nil {
		return j, err
	}
	s.mu.Lock()
	if len(s.perfiles) > 100000 {
		clear(s.perfiles)
	}
	s.perfiles[id] = j
	s.mu.Unlock()
	return j, nil
}

// cargarClave lee la clave secreta del servidor (la que firma las fichas
// CSRF) de ruta o, si no existe, crea una al azar y la guarda con permisos
// 0600.
func cargarClave(ruta string) ([]byte, error) {
	b, err := programa.LeerAcotado(ruta, 4096, "sitio.cargarClave")
	if err == nil && len(b) >= 32 {
		return b, nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	b = make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if err := os.WriteFile(ruta, b, 0o600); err != nil {
		return nil, fmt.Errorf("guardando la clave: %w", err)
	}
	return b, nil
}
