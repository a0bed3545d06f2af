// Command partida juega una partida completa entre bots, a través del
// servidor, con la variante española por omisión, y la va contando.
//
// Uso:
//
//	go run ./examples/partida [-jugadores K] [-semilla S] [-detalle D] [-clasica [-gcg archivo]]
//
// Opciones:
//
//	-jugadores K   cantidad de bots, de 1 a 8 (por omisión 2)
//	-semilla S     semilla del repositorio de letras (por omisión 1)
//	-detalle D     0, 1 o 2: cuánto se cuenta (por omisión 1)
//	-clasica       juega con las reglas clásicas
//	-gcg archivo   con -clasica, escribe la partida en archivo, en GCG
//	-h             muestra el uso en la salida estándar
//
// Cada bot es un cliente del servidor en su propia gorutina: espera sus
// notificaciones y, en su turno, juega la jugada de más puntos que encuentra
// o pasa si no encuentra ninguna. La especificación no termina nunca un
// juego; este programa lo termina cuando todos los jugadores pasan seguidos
// o cuando el tablero se llena, y dice por qué.
//
// Con -clasica se juega con las reglas clásicas (espanol.Clasica(): premios,
// comodines, bingo, bolsa de 100 fichas, cambios y fin de partida). Si no
// encuentra jugada, el bot cambia todas sus fichas salvo los comodines
// mientras la bolsa tenga al menos F; si no, pasa. La partida termina por la
// regla de fin (un jugador se queda sin fichas con la bolsa vacía, o seis
// turnos seguidos sin puntos), que el servidor anuncia con la notificación
// Fin: el programa dice el motivo, los ajustes finales y las posiciones.
//
// Con -detalle 0 muestra solo el resultado; con 1 (por omisión), una línea
// por turno; con 2, además el tablero después de cada jugada.
//
// Con -gcg, el archivo se abre para escribir antes de la partida: si no se
// puede (un directorio que no existe, sin permiso, una ruta que es un
// directorio), el programa falla sin jugar. Si la partida falla, un archivo
// que el programa creó se borra y uno que ya existía queda como estaba.
//
// Códigos de salida: 0 si la partida terminó (o con -h); 1 si falló, o si
// no se pudo abrir o escribir el archivo GCG; 2 si las opciones son
// incorrectas: una opción desconocida, un valor fuera de rango, argumentos
// que no son opciones o -gcg sin -clasica.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() { programa.Salir("partida", ejecutar(os.Args[1:], os.Stdout)) }

// encabezado es el principio del texto de uso.
var encabezado = []string{
	"Uso: partida [opciones]",
	"Juega una partida entera entre bots, a través del servidor, y la cuenta.",
	"Sale con 0 si la partida terminó, 1 si falló y 2 si las opciones son incorrectas.",
}

// fin decide, a partir de las notificaciones que todos los clientes ven
// iguales, si la partida terminó y por qué.
type fin struct {
	jugadores, celdas int
	pasesSeguidos     int
	ocupadas          int
}

func (f *fin) ver(n servidor.Notificacion) {
	if n.Tipo != servidor.TipoUbicar {
		return
	}
	if n.Jugada.Vacia() {
		f.pasesSeguidos++
	} else {
		f.pasesSeguidos = 0
		f.ocupadas += n.Jugada.Tamano()
	}
}

func (f *fin) motivo() string {
	switch {
	case f.ocupadas == f.celdas:
		return "el tablero está lleno"
	case f.pasesSeguidos >= f.jugadores && f.jugadores == 1:
		return "el jugador pasó"
	case f.pasesSeguidos >= f.jugadores:
		return fmt.Sprintf("los %d jugadores pasaron seguidos", f.jugadores)
	}
	return ""
}

// vista es lo que un bot sabe de la partida por sus notificaciones: los
// puntos de cada jugador, la suma de los SumaPuntos que recibió (ajustes
// finales incluidos), y, con fin de partida, la notificación Fin.
type vista struct {
	puntos []int
	fin    *servidor.Notificacion
}

func (v *vista) ver(n servidor.Notificacion) {
	switch n.Tipo {
	case servidor.TipoSumaPuntos:
		v.puntos[n.Cliente] += n.Numero
	case servidor.TipoFin:
		v.fin = &n
	}
}

// bot juega como el cliente que le toque hasta que la partida termina: por
// la regla de fin de la variante, si la tiene (después de la notificación
// Fin, Esperar devuelve servidor.ErrTerminado), o si no cuando todos pasan
// seguidos o el tablero se llena. Si le toca ser el cliente 0, pasa además
// todas sus notificaciones al relato.
func bot(ctx context.Context, s *servidor.Servidor, relato chan<- servidor.Notificacion) (int, vista, error) {
	cid, err := s.Conectar()
	if err != nil {
		return 0, vista{}, err
	}
	v := s.Variante()
	gen, err := nuevoGenerador(v)
	if err != nil {
		return cid, vista{}, err
	}
	estado := fin{jugadores: s.Esperados(), celdas: v.TamanoTablero() * v.TamanoTablero()}
	visto := vista{puntos: make([]int, s.Esperados())}
	// Con fin de partida, el servidor dice cuándo terminó: ErrTerminado.
	conFin := v.TurnosSinPuntos() > 0
	terminada := func() bool { return !conFin && estado.motivo() != "" }
	for !terminada() {
		ns, err := s.Esperar(ctx, cid)
		if errors.Is(err, servidor.ErrTerminado) {
			return cid, visto, nil
		}
		if err != nil {
			return cid, visto, err
		}
		miTurno := false
		for _, n := range ns {
			if cid == 0 {
				select {
				case relato <- n:
				case <-ctx.Done(): // el relator abandonó
					return cid, visto, ctx.Err()
				}
			}
			estado.ver(n)
			visto.ver(n)
			if n.Tipo == servidor.TipoTurnoDe {
				miTurno = n.Cliente == cid
			}
		}
		if !miTurno || terminada() {
			continue
		}
		p, err := s.Partida()
		if err != nil {
			return cid, visto, err
		}
		o, _ := mejorJugada(gen, p)
		if devueltas, ok := aCambiar(p); o.Vacia() && ok {
			err = s.RecibirCambio(cid, devueltas)
		} else {
			err = s.Recibir(cid, o)
		}
		if err != nil {
			return cid, visto, err
		}
	}
	return cid, visto, nil
}

// aCambiar dice qué fichas cambia el jugador en turno de j si no encuentra
// jugada: todas salvo los comodines, si la variante permite cambiar y la
// bolsa tiene al menos F fichas.
func aCambiar(j *juego.Juego) (letra.Multiconjunto, bool) {
	v := j.Variante()
	if !v.Cambios() || j.LetrasEnRepositorio() < v.Fichas() {
		return letra.Multiconjunto{}, false
	}
	mano, _ := j.Fichas(j.Turno())
	for mano.Sacar(letra.Comodin) {
	}
	return mano, !mano.Vacio()
}

// lanzarBots conecta k bots al servidor s, cada uno en su gorutina, y los deja
// jugar hasta el final; las notificaciones del cliente 0 van a relato, que
// se cierra cuando terminan todos. La función devuelta espera a los bots y
// da lo que vio cada cliente (por identificador) y el primer error.
func lanzarBots(ctx context.Context, cancelar context.CancelFunc, s *servidor.Servidor, relato chan servidor.Notificacion) func() ([]vista, error) {
	k := s.Esperados()
	vistas := make([]vista, k)
	errores := make(chan error, k)
	var mu sync.Mutex
	var bots sync.WaitGroup
	for range k {
		bots.Add(1)
		go func() {
			defer bots.Done()
			cid, v, err := bot(ctx, s, relato)
			if err != nil && !errors.Is(err, context.Canceled) {
				errores <- err
				cancelar()
			}
			mu.Lock()
			vistas[cid] = v
			mu.Unlock()
		}()
	}
	listo := make(chan struct{})
	go func() { bots.Wait(); close(relato); close(listo) }()
	return func() ([]vista, error) {
		<-listo
		close(errores)
		for err := range errores {
			return nil, err
		}
		return vistas, nil
	}
}

func ejecutar(args []string, salida io.Writer) error {
	_, err := correr(args, salida)
	return err
}

// informe es lo que queda de una partida con fin de partida: lo que vio
// cada cliente y el juego final del servidor.
type informe struct {
	vistas []vista
	final  *juego.Juego
}

// correr es ejecutar, y con -clasica devuelve además el informe. Con -h
// escribe el uso y no devuelve ni informe ni error. Las opciones
// incorrectas dan un programa.ErrorDeUso, antes de jugar.
func correr(args []string, salida io.Writer) (*informe, error) {
	flags := flag.NewFlagSet("partida", flag.ContinueOnError)
	k := flags.Int("jugadores", 2, "cantidad `K` de bots, de 1 a 8")
	semilla := flags.Uint64("semilla", 1, "semilla `S` del repositorio de letras")
	detalle := flags.Int("detalle", 1, "detalle `D`: 0, solo el resultado; 1, un renglón por turno; 2, también el tablero")
	clasica := flags.Bool("clasica", false, "jugar con las reglas clásicas (espanol.Clasica())")
	archivoGCG := flags.String("gcg", "", "con -clasica, escribir la partida en este `archivo` GCG")
	if ayuda, err := programa.Leer(flags, args, salida, encabezado...); ayuda || err != nil {
		return nil, err
	}
	dadas := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { dadas[f.Name] = true })
	switch {
	case flags.NArg() > 0:
		return nil, programa.DeUso("argumentos de más: %q (todo se pide con opciones)", flags.Args())
	case *k < 1 || *k > 8:
		return nil, programa.DeUso("-jugadores debe estar entre 1 y 8 (se pidió %d)", *k)
	case dadas["gcg"] && !*clasica:
		return nil, programa.DeUso("-gcg solo se usa con -clasica")
	case dadas["gcg"] && *archivoGCG == "":
		return nil, programa.DeUso("-gcg necesita un archivo")
	}
	var destino *salidaGCG
	if *archivoGCG != "" {
		var err error
		if destino, err = abrirGCG(*archivoGCG); err != nil {
			return nil, err
		}
		defer destino.descartar()
	}
	v := espanol.Variante()
	if *clasica {
		v = espanol.Clasica()
	}
	r, err := v.Repositorio(*k, *semilla)
	if err != nil {
		return nil, err
	}
	s, err := servidor.Nuevo(*k, v, r)
	if err != nil {
		return nil, err
	}
	if *clasica {
		fmt.Fprintf(salida, "Partida de %d jugadores, variante española clásica (%d×%d, %d fichas, bolsa de %d), semilla %d\n",
			*k, v.TamanoTablero(), v.TamanoTablero(), v.Fichas(), len(r), *semilla)
		inf, err := partidaClasica(s, *detalle, salida)
		if err == nil && destino != nil {
			err = destino.escribir(inf.final)
		}
		return inf, err
	}

	// El relator lleva su propia copia del juego, al día con las
	// notificaciones del cliente 0.
	relatado, err := juego.Nuevo(*k, v, r)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(salida, "Partida de %d jugadores, variante española (%d×%d, %d fichas), semilla %d\n",
		*k, v.TamanoTablero(), v.TamanoTablero(), v.Fichas(), *semilla)
	ctx, cancelar := context.WithCancel(context.Background())
	defer cancelar()
	relato := make(chan servidor.Notificacion, 64)
	esperar := lanzarBots(ctx, cancelar, s, relato)

	estado := fin{jugadores: *k, celdas: v.TamanoTablero() * v.TamanoTablero()}
	turno := 0
	for n := range relato {
		if n.Tipo != servidor.TipoUbicar {
			continue
		}
		turno++
		antes := relatado.Tablero()
		puntos, err := relatado.Ubicar(n.Jugada)
		if err != nil {
			return nil, fmt.Errorf("el relator no pudo seguir la jugada %v: %w", n.Jugada, err)
		}
		estado.ver(n)
		if *detalle >= 1 {
			fmt.Fprintf(salida, "%3d. jugador %d: %-34s %s\n", turno, n.Cliente, describir(antes, n.Jugada, puntos), marcador(relatado))
		}
		if *detalle >= 2 && !n.Jugada.Vacia() {
			fmt.Fprint(salida, dibujar(relatado.Tablero()))
		}
	}
	if _, err := esperar(); err != nil {
		return nil, err
	}
	fmt.Fprintf(salida, "\nFin después de %d turnos: %s.\n\n", turno, estado.motivo())
	fmt.Fprint(salida, dibujar(relatado.Tablero()))
	puntaje := func(i int) int { p, _ := relatado.Puntaje(i); return p }
	posiciones(salida, *k, puntaje)
	return nil, nil
}

// posiciones escribe a los k jugadores ordenados por puntaje.
func posiciones(salida io.Writer, k int, puntaje func(int) int) {
	fmt.Fprintln(salida, "\nPosiciones:")
	orden := make([]int, k)
	for i := range orden {
		orden[i] = i
	}
	slices.SortStableFunc(orden, func(a, b int) int { return puntaje(b) - puntaje(a) })
	for pos, i := range orden {
		fmt.Fprintf(salida, "  %d. jugador %d: %d puntos\n", pos+1, i, puntaje(i))
	}
}

// partidaClasica hace jugar a los bots en s, un servidor recién creado de
// una variante con fin de partida, y la cuenta en salida con
// [relatarClasica].
func partidaClasica(s *servidor.Servidor, detalle int, salida io.Writer) (*informe, error) {
	ctx, cancelar := context.WithCancel(context.Background())
	defer cancelar()
	relato := make(chan servidor.Notificacion, 64)
	esperar := lanzarBots(ctx, cancelar, s, relato)
	return relatarClasica(s, relato, esperar, detalle, salida)
}

// relatarClasica cuenta una partida con las reglas clásicas a partir de las
// notificaciones del cliente 0. No lleva una copia del juego, como el
// relator de la especificación: los cambios de los demás no dicen qué
// letras devolvieron, así que no podría seguir sus manos. Lleva el tablero
// (las jugadas son públicas) y los puntos, que son la suma de los
// SumaPuntos. Al final compara lo que vio cada cliente con el juego del
// servidor.
func relatarClasica(s *servidor.Servidor, relato <-chan servidor.Notificacion, esperar func() ([]vista, error), detalle int, salida io.Writer) (*informe, error) {
	v := s.Variante()
	alf := v.Alfabeto()
	k := s.Esperados()
	tab, err := tablero.Nuevo(v.TamanoTablero(), alf)
	if err != nil {
		return nil, err
	}
	puntos := make([]int, k)
	var jugada *servidor.Notificacion // la última Ubicar, hasta su SumaPuntos
	var ajustes []servidor.Notificacion
	var final *servidor.Notificacion
	turno := 0
	linea := func(cid int, texto string) {
		if detalle >= 1 {
			fmt.Fprintf(salida, "%3d. jugador %d: %-34s %v\n", turno, cid, texto, puntos)
		}
	}
	for n := range relato {
		switch n.Tipo {
		case servidor.TipoUbicar:
			jugada = &n
		case servidor.TipoCambiar:
			turno++
			linea(n.Cliente, fmt.Sprintf("cambia %d fichas", n.Numero))
		case servidor.TipoSumaPuntos:
			puntos[n.Cliente] += n.Numero
			if jugada == nil { // un ajuste final
				ajustes = append(ajustes, n)
				continue
			}
			turno++
			antes := tab
			if tab, err = tab.Poner(jugada.Jugada.Slice()...); err != nil {
				return nil, fmt.Errorf("el relator no pudo poner %v: %w", jugada.Jugada, err)
			}
			linea(jugada.Cliente, describir(antes, jugada.Jugada, n.Numero))
			if detalle >= 2 && !jugada.Jugada.Vacia() {
				fmt.Fprint(salida, dibujar(tab))
			}
			jugada = nil
		case servidor.TipoFin:
			final = &n
		}
	}
	vistas, err := esperar()
	if err != nil {
		return nil, err
	}
	if final == nil {
		return nil, errors.New("la partida terminó sin la notificación Fin")
	}
	j, err := s.Partida()
	if err != nil {
		return nil, err
	}
	motivo := final.MotivoFin().String()
	if final.Cliente >= 0 {
		motivo += fmt.Sprintf(" (el jugador %d)", final.Cliente)
	}
	fmt.Fprintf(salida, "\nFin después de %d turnos: %s.\n\nAjustes finales:\n", turno, motivo)
	for _, a := range ajustes {
		mano, _ := j.Fichas(a.Cliente)
		fmt.Fprintf(salida, "  jugador %d: %+d (le quedó %s)\n", a.Cliente, a.Numero, mano.Formatear(alf))
	}
	fmt.Fprintln(salida)
	fmt.Fprint(salida, dibujar(j.Tablero()))
	for cid, vista := range vistas {
		for i := range k {
			if p, _ := j.Puntaje(i); p != vista.puntos[i] || p != puntos[i] {
				return nil, fmt.Errorf("el jugador %d tiene %d puntos, pero el cliente %d sumó %d", i, p, cid, vista.puntos[i])
			}
		}
	}
	posiciones(salida, k, func(i int) int { return puntos[i] })
	return &informe{vistas: vistas, final: j}, nil
}

// describir escribe una jugada en la notación de los jugadores
// (juego/notacion) sobre antes, el tablero de antes de jugarla: "8D CASA
// +12", "H4 RE.OIs +26" (los comodines en minúsculas, "." las fichas que ya
// estaban), o "pasa".
func describir(antes tablero.Tablero, o ocurrencia.Ocurrencia, puntos int) string {
	if o.Vacia() {
		return "pasa"
	}
	escrita, err := notacion.Formatear(notacion.Jugada{Fichas: o}, antes)
	if err != nil { // no ocurre: la jugada la aceptó el juego sobre ese tablero
		return fmt.Sprintf("%v +%d", o.ConAlfabeto(antes.Alfabeto()), puntos)
	}
	return fmt.Sprintf("%s +%d", escrita, puntos)
}

// dibujar escribe el tablero t con las coordenadas de la notación: las
// columnas con letras desde la A y las filas desde 1, como en las jugadas
// ("8D CASA" empieza en la fila 8, columna D); "·" es una casilla libre y
// una minúscula, un comodín.
func dibujar(t tablero.Tablero) string {
	alf := t.Alfabeto()
	n := t.Tamano()
	var b strings.Builder
	b.WriteString("    ")
	for c := range n {
		col := notacion.Coordenada{Columna: c, Horizontal: true}.String() // "1A": la fila y la columna
		fmt.Fprintf(&b, " %-2s", strings.TrimLeft(col, "0123456789"))
	}
	b.WriteByte('\n')
	for f := range n {
		fmt.Fprintf(&b, "%3d ", f+1)
		for c := range n {
			s := "·"
			if l, ok := t.Letra(f, c); ok {
				s = alf.Simbolo(l)
				if t.EsComodin(f, c) {
					s = strings.ToLower(s)
				}
			}
			fmt.Fprintf(&b, " %-2s", s)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// marcador escribe los puntajes de todos: "[45 38]".
func marcador(j *juego.Juego) string {
	var ps []int
	for i := range j.Jugadores() {
		p, _ := j.Puntaje(i)
		ps = append(ps, p)
	}
	return fmt.Sprint(ps)
}

// salidaGCG es el archivo de -gcg, abierto para escribir antes de la
// partida para que una ruta inservible falle sin jugar.
type salidaGCG struct {
	ruta    string
	f       *os.File
	nuevo   bool // lo creó abrirGCG: si no se escribe, se borra
	escrito bool
}

// abrirGCG abre ruta para escribir, sin truncarla todavía: lo que tenga se
// reemplaza en escribir, al final de la partida.
func abrirGCG(ruta string) (*salidaGCG, error) {
	info, err := os.Stat(ruta)
	switch {
	case err == nil && info.IsDir():
		return nil, fmt.Errorf("-gcg: %s es un directorio", ruta)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("-gcg: %w", err)
	}
	f, errAbrir := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE, 0o644)
	if errAbrir != nil {
		return nil, fmt.Errorf("-gcg: %w", errAbrir)
	}
	return &salidaGCG{ruta: ruta, f: f, nuevo: err != nil}, nil
}

// escribir escribe la partida terminada j en el archivo, en lugar de lo
// que tuviera, y lo cierra.
func (s *salidaGCG) escribir(j *juego.Juego) error {
	var b bytes.Buffer
	jugadores := make([]gcg.Jugador, j.Jugadores())
	for i := range jugadores {
		jugadores[i] = gcg.Jugador{Apodo: fmt.Sprintf("bot%d", i), Nombre: fmt.Sprintf("Bot %d", i)}
	}
	if err := gcg.Escribir(&b, &gcg.Partida{Jugadores: jugadores, Juego: j}); err != nil {
		return err
	}
	s.escrito = true
	err := s.f.Truncate(0)
	if err == nil {
		_, err = s.f.Write(b.Bytes())
	}
	if errCerrar := s.f.Close(); err == nil {
		err = errCerrar
	}
	if err != nil {
		return fmt.Errorf("-gcg: %w", err)
	}
	return nil
}

// descartar cierra el archivo si no se escribió, y lo borra si lo creó
// abrirGCG: una partida que falla no deja un archivo vacío.
func (s *salidaGCG) descartar() {
	if s.escrito {
		return
	}
	s.f.Close()
	if s.nuevo {
		os.Remove(s.ruta)
	}
}
