package gcg

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Partida es una partida GCG: sus jugadores, en el orden en que juegan, los
// demás pragmas (líneas completas, como "#title Final"), en orden, y el
// juego que resulta de repetir sus sucesos.
type Partida struct {
	Jugadores []Jugador
	Pragmas   []string
	Juego     *juego.Juego
}

// MaxLinea es el largo máximo de una línea GCG que acepta [Leer].
const MaxLinea = 1 << 16

type tipoLinea uint8

const (
	lineaColocacion tipoLinea = iota
	lineaPase
	lineaCambio
	lineaRetirada // "--": la colocación anterior se retira
	lineaAjuste   // (challenge) o (time)
	lineaFin      // (MANO): ajuste final
)

// suceso es una línea de suceso ya separada en sus partes.
type suceso struct {
	linea     int
	texto     string
	jugador   int
	tipo      tipoLinea
	mano      string // "" si no se registró
	posicion  string
	palabra   string
	cambio    string
	puntos    int
	acumulado int
}

// Leer lee una partida GCG y la repite sobre un juego nuevo de la variante
// v, que debe tener bolsa (variante.ConBolsa) y a cuyo alfabeto deben
// pertenecer las fichas. Ver el paquete para qué se comprueba. Si algo
// falla, devuelve un [*ErrorLinea]; nunca entra en pánico.
func Leer(r io.Reader, v *variante.Variante) (*Partida, error) {
	if v == nil || !v.Bolsa() {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: la variante no tiene bolsa", ErrInconsistente)}
	}
	p := &Partida{}
	var sucesos []suceso
	apodos := map[string]int{}
	var jugadores []struct {
		n int
		Jugador
	}
	esc := bufio.NewScanner(r)
	esc.Buffer(make([]byte, 0, 4096), MaxLinea)
	for num := 1; esc.Scan(); num++ {
		texto := strings.TrimSpace(strings.TrimRight(esc.Text(), "\r"))
		error := func(formato string, args ...any) error {
			return &ErrorLinea{Linea: num, Texto: texto, Err: fmt.Errorf("%w: "+formato, append([]any{ErrFormato}, args...)...)}
		}
		switch {
		case texto == "":
		case strings.HasPrefix(texto, "#player"):
			campos := strings.Fields(texto)
			n, err := strconv.Atoi(strings.TrimPrefix(campos[0], "#player"))
			if err != nil || n < 1 || n > 64 || len(campos) < 2 {
				return nil, error("se esperaba #playerN apodo nombre")
			}
			for _, j := range jugadores {
				if j.n == n || j.Apodo == campos[1] {
					return nil, error("jugador repetido")
				}
			}
			jugadores = append(jugadores, struct {
				n int
				Jugador
			}{n, Jugador{Apodo: campos[1], Nombre: strings.Join(campos[2:], " ")}})
		case strings.HasPrefix(texto, "#character-encoding"):
			if cod := strings.TrimSpace(strings.TrimPrefix(texto, "#character-encoding")); !strings.EqualFold(cod, "UTF-8") {
				return nil, error("solo se lee UTF-8, no %q", cod)
			}
		case texto[0] == '#':
			p.Pragmas = append(p.Pragmas, texto)
		case texto[0] == '>':
			if len(apodos) == 0 {
				slices.SortFunc(jugadores, func(a, b struct {
					n int
					Jugador
				}) int {
					return a.n - b.n
				})
				for i, j := range jugadores {
					if j.n != i+1 {
						return nil, error("falta #player%d", i+1)
					}
					apodos[j.Apodo] = i
					p.Jugadores = append(p.Jugadores, j.Jugador)
				}
				if len(apodos) == 0 {
					return nil, error("un suceso antes de los #player")
				}
			}
			s, err := separar(texto, apodos)
			if err != nil {
				return nil, &ErrorLinea{Linea: num, Texto: texto, Err: err}
			}
			s.linea, s.texto = num, texto
			sucesos = append(sucesos, s)
		default:
			return nil, error("una línea empieza con # o con >")
		}
	}
	if err := esc.Err(); err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrFormato, err)}
	}
	if len(p.Jugadores) == 0 {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: no hay jugadores ni sucesos", ErrFormato)}
	}
	j, err := repetir(v, len(p.Jugadores), sucesos)
	if err != nil {
		return nil, err
	}
	p.Juego = j
	return p, nil
}

// separar lee las partes de una línea de suceso.
func separar(texto string, apodos map[string]int) (suceso, error) {
	var s suceso
	cabeza, resto, ok := strings.Cut(texto[1:], ":")
	if !ok {
		return s, fmt.Errorf("%w: falta \":\" después del apodo", ErrFormato)
	}
	if s.jugador, ok = apodos[strings.TrimSpace(cabeza)]; !ok {
		return s, fmt.Errorf("%w: el apodo %q no está en ningún #player", ErrFormato, cabeza)
	}
	campos := strings.Fields(resto)
	// Los dos últimos campos son los puntos y el acumulado; después puede
	// haber comentarios (las palabras formadas, por ejemplo), que se ignoran.
	i := slices.IndexFunc(campos, func(c string) bool { return len(c) > 1 && (c[0] == '+' || c[0] == '-') && esNumero(c[1:]) })
	if i < 1 || i+1 >= len(campos) || !esNumero(strings.TrimPrefix(campos[i+1], "-")) {
		return s, fmt.Errorf("%w: se esperaba \"+puntos acumulado\"", ErrFormato)
	}
	var err error
	if s.puntos, err = strconv.Atoi(campos[i]); err != nil {
		return s, fmt.Errorf("%w: %q", ErrFormato, campos[i])
	}
	if s.acumulado, err = strconv.Atoi(campos[i+1]); err != nil {
		return s, fmt.Errorf("%w: %q", ErrFormato, campos[i+1])
	}
	antes := campos[:i]
	if len(antes) == 1 && strings.HasPrefix(antes[0], "(") && strings.HasSuffix(antes[0], ")") &&
		antes[0] != "(challenge)" && antes[0] != "(time)" {
		s.tipo, s.cambio = lineaFin, strings.Trim(antes[0], "()") // gana las fichas de los demás
		return s, nil
	}
	// La mano se omite si el jugador no tenía fichas: lo que sigue empieza
	// con "-", "(" o es una posición (tiene dígitos; una mano no).
	if c := antes[0]; c[0] == '-' || c[0] == '(' || strings.ContainsAny(c, "0123456789") {
		antes = append([]string{""}, antes...)
	}
	s.mano = antes[0]
	switch {
	case len(antes) == 2 && antes[1] == "-":
		s.tipo = lineaPase
	case len(antes) == 2 && antes[1] == "--":
		s.tipo = lineaRetirada
	case len(antes) == 2 && (antes[1] == "(challenge)" || antes[1] == "(time)"):
		s.tipo = lineaAjuste
	case len(antes) == 2 && strings.HasPrefix(antes[1], "-"):
		s.tipo, s.cambio = lineaCambio, antes[1][1:]
	case len(antes) == 2 && strings.HasPrefix(antes[1], "(") && strings.HasSuffix(antes[1], ")"):
		s.tipo, s.cambio = lineaFin, strings.Trim(antes[1], "()") // pierde las suyas
	case len(antes) == 3:
		s.tipo, s.posicion, s.palabra = lineaColocacion, antes[1], antes[2]
	default:
		return s, fmt.Errorf("%w: suceso desconocido", ErrFormato)
	}
	return s, nil
}

func esNumero(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// repetir juega los sucesos sobre un juego nuevo de k jugadores. La bolsa
// inicial se ordena para que cada jugador reciba la primera mano que el
// registro le da, y antes de cada turno se ponen al frente las fichas que el
// registro dice que sacó (ver proximas): así la partida repetida es la misma,
// manos finales incluidas.
func repetir(v *variante.Variante, k int, sucesos []suceso) (*juego.Juego, error) {
	alf := v.Alfabeto()
	manos := make([]*letra.Multiconjunto, len(sucesos))
	primeras := make([]*letra.Multiconjunto, k)
	resto := v.Distribucion()
	for x, s := range sucesos {
		if s.mano == "" {
			continue
		}
		m, err := leerMano(alf, s.mano)
		if err != nil {
			return nil, &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: err}
		}
		manos[x] = &m
		if primeras[s.jugador] == nil {
			if !resto.Incluye(m) || m.Tamano() > v.Fichas() {
				return nil, &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: fmt.Errorf("%w: la mano %s no sale de la bolsa", ErrInconsistente, s.mano)}
			}
			resto = resto.Diferencia(m)
			primeras[s.jugador] = &m
		}
	}
	restantes := resto.Letras()
	var bolsa []letra.Letra
	for _, m := range primeras {
		var mano []letra.Letra
		if m != nil {
			mano = m.Letras()
		}
		faltan := min(v.Fichas()-len(mano), len(restantes))
		bolsa = append(append(bolsa, mano...), restantes[:faltan]...)
		restantes = restantes[faltan:]
	}
	bolsa = append(bolsa, restantes...)
	j, err := juego.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	finVisto := make([]bool, k)
	for x, s := range sucesos {
		falla := func(formato string, args ...any) error {
			return &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: fmt.Errorf("%w: "+formato, append([]any{ErrInconsistente}, args...)...)}
		}
		fallaDe := func(err error) error { return &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: err} }
		turno := s.tipo == lineaColocacion || s.tipo == lineaPase || s.tipo == lineaCambio
		if turno {
			if _, terminada := j.Terminada(); terminada {
				return nil, falla("la partida ya terminó")
			}
			if s.jugador != j.Turno() {
				return nil, falla("no es el turno de este jugador sino del %d", j.Turno()+1)
			}
			if manos[x] != nil {
				if err := j.AsignarMano(s.jugador, *manos[x]); err != nil {
					return nil, falla("la mano %s: %w", s.mano, err)
				}
			}
			proximas(j, sucesos, manos, x)
		}
		retirada := s.tipo == lineaColocacion && x+1 < len(sucesos) &&
			sucesos[x+1].tipo == lineaRetirada && sucesos[x+1].jugador == s.jugador
		switch {
		case retirada || s.tipo == lineaPase:
			// Una colocación retirada es un turno perdido: se pasa.
			if err := j.Pasar(); err != nil {
				return nil, falla("%w", err)
			}
		case s.tipo == lineaColocacion:
			o, err := colocacion(j, s)
			if err != nil {
				return nil, fallaDe(err)
			}
			puntos, err := j.Ubicar(o)
			if err != nil {
				return nil, falla("%w", err)
			}
			if puntos != s.puntos {
				return nil, falla("la jugada vale %d y el registro dice %d", puntos, s.puntos)
			}
		case s.tipo == lineaCambio:
			var devueltas letra.Multiconjunto
			if n, err := strconv.Atoi(s.cambio); err == nil {
				// Solo se sabe cuántas: se devuelven las primeras; la mano
				// del turno siguiente dirá cuáles quedaron.
				mano, _ := j.Fichas(s.jugador)
				devueltas = letra.NuevoMulticonjunto(mano.Letras()[:min(max(n, 0), mano.Tamano())]...)
			} else if devueltas, err = leerMano(alf, s.cambio); err != nil {
				return nil, fallaDe(err)
			}
			if s.puntos != 0 {
				return nil, falla("un cambio no suma puntos")
			}
			if err := j.Cambiar(devueltas); err != nil {
				return nil, falla("%w", err)
			}
		case s.tipo == lineaRetirada:
			if x == 0 || sucesos[x-1].tipo != lineaColocacion || sucesos[x-1].jugador != s.jugador {
				return nil, falla("\"--\" no sigue a una colocación del mismo jugador")
			}
			if s.puntos != -sucesos[x-1].puntos {
				return nil, falla("retira %d puntos y la colocación sumó %d", -s.puntos, sucesos[x-1].puntos)
			}
		case s.tipo == lineaAjuste:
			if err := j.Ajustar(s.jugador, s.puntos); err != nil {
				return nil, falla("%w", err)
			}
		case s.tipo == lineaFin:
			fin, terminada := j.Terminada()
			if !terminada {
				return nil, falla("un ajuste final con la partida sin terminar")
			}
			if finVisto[s.jugador] {
				return nil, falla("segundo ajuste final del jugador")
			}
			finVisto[s.jugador] = true
			if fin.Ajustes[s.jugador] != s.puntos {
				return nil, falla("el ajuste final es %d y el registro dice %d", fin.Ajustes[s.jugador], s.puntos)
			}
		}
		if s.tipo == lineaColocacion && retirada {
			// El acumulado de la colocación retirada cuenta sus puntos.
			if p, _ := j.Puntaje(s.jugador); p+s.puntos != s.acumulado {
				return nil, falla("el acumulado es %d y el juego tiene %d", s.acumulado, p+s.puntos)
			}
			continue
		}
		p, _ := j.Puntaje(s.jugador)
		if fin, terminada := j.Terminada(); terminada && s.tipo != lineaFin {
			// El turno terminó la partida: el acumulado es el de antes del
			// ajuste final, que viene en sus propias líneas.
			p -= fin.Ajustes[s.jugador]
		}
		if p != s.acumulado {
			return nil, falla("el acumulado es %d y el juego tiene %d", s.acumulado, p)
		}
	}
	if fin, terminada := j.Terminada(); terminada {
		for i, a := range fin.Ajustes {
			if a != 0 && !finVisto[i] {
				return nil, &ErrorLinea{Err: fmt.Errorf("%w: falta el ajuste final del jugador %d (%+d)", ErrInconsistente, i+1, a)}
			}
		}
	}
	return j, nil
}

// proximas pone al frente de la bolsa las fichas que el jugador del turno x
// sacó según el registro: las de su próxima mano registrada que no le
// quedan de esta. Si el registro no lo dice (no hay próxima mano, o no
// coincide) no hace nada: la próxima mano se asignará igual.
func proximas(j *juego.Juego, sucesos []suceso, manos []*letra.Multiconjunto, x int) {
	s := sucesos[x]
	mano, _ := j.Fichas(s.jugador)
	var quedan letra.Multiconjunto
	switch s.tipo {
	case lineaColocacion:
		o, err := colocacion(j, s)
		if err != nil {
			return
		}
		quedan = mano.Diferencia(o.DeLaMano())
	case lineaCambio:
		devueltas, err := leerMano(j.Variante().Alfabeto(), s.cambio)
		if err != nil {
			return
		}
		quedan = mano.Diferencia(devueltas)
	default:
		return
	}
	for y := x + 1; y < len(sucesos); y++ {
		t := sucesos[y]
		if t.jugador != s.jugador || t.tipo == lineaRetirada || t.tipo == lineaAjuste && manos[y] == nil {
			continue
		}
		if t.tipo == lineaFin && t.mano == "" {
			return // sale: no saca nada que importe
		}
		if manos[y] != nil && manos[y].Incluye(quedan) {
			_ = j.ProximasFichas(manos[y].Diferencia(quedan))
		}
		return
	}
}

// colocacion arma la jugada de una línea de colocación sobre el tablero de j.
func colocacion(j *juego.Juego, s suceso) (ocurrencia.Ocurrencia, error) {
	fila, columna, horizontal, err := leerPosicion(s.posicion)
	if err != nil {
		return ocurrencia.Ocurrencia{}, err
	}
	piezas, err := leerPiezas(j.Variante().Alfabeto(), s.palabra, false)
	if err != nil {
		return ocurrencia.Ocurrencia{}, err
	}
	df, dc := 0, 1
	if !horizontal {
		df, dc = 1, 0
	}
	var fichas []ocurrencia.Ficha
	for i, p := range piezas {
		f, c := fila+i*df, columna+i*dc
		if !j.EnTablero(f, c) {
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la palabra sale del tablero", ErrInconsistente)
		}
		l, ocupada := j.Letra(f, c)
		switch {
		case p.pasante && !ocupada:
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: \".\" en (%d,%d), una casilla vacía", ErrInconsistente, f+1, c+1)
		case ocupada && !p.pasante && (l != p.letra || j.EsComodin(f, c) != p.comodin):
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la casilla (%d,%d) ya tiene otra ficha", ErrInconsistente, f+1, c+1)
		case !ocupada:
			fichas = append(fichas, ocurrencia.Ficha{Fila: f, Columna: c, Letra: p.letra, Comodin: p.comodin})
		}
	}
	if len(fichas) == 0 {
		return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la colocación no pone ninguna ficha", ErrInconsistente)
	}
	return ocurrencia.Nueva(fichas...), nil
}
